/** Text pools for the seed's entries and comments: short, plain, professional-social. */
export const entryTexts: string[] = [
  'Wrapped up a long quarter today. Proud of this team.',
  'Reading list for the weekend: three books on negotiation. Suggestions welcome.',
  'First coffee, then the hard problem. In that order.',
  'We are hiring two engineers for the platform team. Ask me anything.',
  'Gave my first talk in years today. Nervous, but it went well.',
  'Small habit that changed my year: a 20-minute walk before opening the laptop.',
  'Mentoring session this morning reminded me how much I still have to learn.',
  'Shipped the release at 2 a.m. Sleeping now. Celebrating tomorrow.',
  'Our workshop on sustainable supply chains is filling up quickly.',
  'Three lessons from ten years of consulting: listen, write it down, follow up.',
  'The view from the office today deserved a photo. You will have to trust me.',
  'Finished the certification. On to the next one.',
  'Grateful for the mentors who answered my emails when I was nobody.',
  'Board meeting went better than expected. Onwards.',
  'If you are in town next week, let us meet for lunch.',
  'A good contract is one both sides would sign again.',
  'Started learning the piano at forty. Day twelve: still terrible, still happy.',
  'The best investment this year was a proper desk chair.',
  'Congratulations to my former intern on her promotion!',
  'Working from the mountains this week. The connection holds up, mostly.',
  'New article out on pricing strategy for small studios.',
  'What is the one tool you could not work without?',
  'Closed the round. Thank you to everyone who believed early.',
  'Cooking for twelve tonight. Wish me luck.',
];

export const pollQuestions: [string, string, string, string | null][] = [
  ['Remote, office or hybrid?', 'Remote', 'Office', 'Hybrid'],
  ['Best time for deep work?', 'Early morning', 'Late night', 'After lunch'],
  ['Which conference should I attend this autumn?', 'Web Summit', 'Slush', null],
  ['Tea or coffee in meetings?', 'Tea', 'Coffee', 'Water, please'],
  ['Should our team try a four-day week?', 'Yes', 'No', 'Only in summer'],
  ['Paper notebook or notes app?', 'Paper', 'App', null],
  ['Favourite way to learn a new skill?', 'Courses', 'Books', 'Doing it'],
];

export const occasionTexts: string[] = [
  'Meetup for everyone in the industry — drinks and short talks.',
  'Hosting a breakfast roundtable. A few seats left.',
  'Our studio opens its doors for an evening. Come by.',
  'Charity run with the team. Join us or cheer.',
  'Launch party for the new product line.',
  'Alumni dinner — bring a friend from the old days.',
];

export const transitTexts: string[] = [
  'On my way to the client workshop. Happy to meet at the airport.',
  'Travelling for the conference — ping me if you are around.',
  'Heading home for the holidays.',
  'Visiting our partner office for a week.',
  'Road trip between meetings, slow and scenic.',
];

export const commentTexts: string[] = [
  'Congratulations, well deserved!',
  'Great point. I have seen the same thing.',
  'Count me in.',
  'Could you share more details?',
  'This made my day.',
  'Agree completely.',
  'Interesting — I would have guessed the opposite.',
  'See you there!',
  'Thank you for sharing this.',
  'Safe travels!',
];

export const replyTexts: string[] = ['Thank you!', 'Exactly.', 'Will send you a message.', 'Ha, true.', 'Glad you liked it.', 'Let us talk next week.'];
