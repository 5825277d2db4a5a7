/**
 * Sentence templates for member "About" texts. Placeholders: {a-prof}
 * ("an architect"), {prof}, {city}, {years}; interests are four distinct picks,
 * one set per sentence role ({lead-interest} opening, {interest} and
 * {interest2} middle, {closing-interest} closing) so no text repeats one. Kept
 * as data so the generator stays short and the phrasing can grow without logic.
 */

/** First sentence: who the member is and where. */
export const aboutOpenings: string[] = [
  '{a-prof} based in {city}.',
  '{a-prof} with {years} years of experience, currently working out of {city}.',
  '{city}-based {prof} with a soft spot for {lead-interest}.',
  'I work as {a-prof} in {city} and have done so for {years} years.',
  '{years} years as {a-prof}; home is {city}.',
  'Practising {prof} splitting my time between {city} and wherever the work takes me.',
  'Independent {prof} in {city}, advising clients across three continents.',
  'Senior {prof} in {city}, leading a small team that punches above its weight.',
  'After {years} years as {a-prof}, I now run my own practice in {city}.',
  'Proud {prof} from {city}.',
];

/** Middle sentence: interests and focus. */
export const aboutMiddles: string[] = [
  'Outside work I spend my time on {interest} and {interest2}.',
  'Curious about {interest}, and always happy to compare notes.',
  'Currently exploring where {interest} meets my day job.',
  'I sit on the board of a small foundation focused on {interest}.',
  'Most weekends are reserved for {interest}.',
  'I mentor early-career professionals and write occasionally about {interest}.',
  'Recently back from a sabbatical spent on {interest} and {interest2}.',
  'I believe the best ideas come from mixing {interest} with {interest2}.',
  'Known among friends for strong opinions on {interest}.',
  'Collector of books on {interest}, reader of far fewer than I own.',
];

/** Last sentence: what the member is open to. */
export const aboutClosings: string[] = [
  'Open to collaborations, speaking invitations and good coffee.',
  'Always glad to meet members passing through {city}.',
  'Message me about mentoring, partnerships or {closing-interest}.',
  'Looking for members who share an interest in {closing-interest}.',
  'Happy to make introductions where I can.',
  'Let us talk if you are working on anything related to {closing-interest}.',
  'Say hello at the next circle meetup in {city}.',
  'Interested in bartering services with fellow professionals.',
  'Here to learn, share and occasionally argue about {closing-interest}.',
  'Reach out; I answer every telex within a day.',
];

export const aboutInterests: string[] = [
  'sustainable design',
  'fintech',
  'contemporary art',
  'jazz',
  'sailing',
  'early-stage startups',
  'public health',
  'urban mobility',
  'natural wine',
  'long-distance running',
  'philanthropy',
  'AI ethics',
  'classical music',
  'modernist architecture',
  'food culture',
  'impact investing',
  'vintage cars',
  'photography',
  'chess',
  'ocean conservation',
  'education reform',
  'cycling',
  'independent cinema',
  'space exploration',
  'rare books',
  'golf',
  'regenerative farming',
  'world literature',
];
