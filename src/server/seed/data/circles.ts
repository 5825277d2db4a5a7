/**
 * The demo circles and slates: names, captions and descriptions written for the
 * professions they are for (groupType / pageType = a profession code), and the category
 * each profession belongs to (groupCategoryCode / Name; no category master exists yet).
 */

export { categoryOf } from '../../../contract/circle-admin';

/** [name, caption, profession code, description] */
export type CircleDef = [string, string, string, string];

export const circleDefs: CircleDef[] = [
  ['Open Source Builders', 'Shipping code in the open', 'P02', 'Maintainers and contributors trading notes on reviews, releases and keeping projects healthy.'],
  ['Product Leaders Roundtable', 'Roadmaps, trade-offs and teams', 'P04', 'Product managers comparing how they say no, plan quarters and work with engineering.'],
  ['Private Equity Partners', 'Deal flow, quietly', 'P07', 'A closed circle for partners discussing live deals. Members only.'],
  ['Data & AI Practitioners', 'Models that reach production', 'P03', 'Data scientists on evaluation, data quality and what actually ships.'],
  ['Frontend Craft', 'Fast, accessible interfaces', 'P02', 'Performance budgets, accessibility audits and the browser features worth adopting now.'],
  ['Design Systems Guild', 'One source of truth for UI', 'P05', 'Tokens, components and the governance that keeps a design system alive.'],
  ['Brand & Identity Studio', 'Logos, type and colour', 'P06', 'Graphic designers sharing identity work, critiques and print tips.'],
  ['Sustainable Architecture Forum', 'Buildings that last', 'P01', 'Timber, retrofit and passive design: projects, regulations and lessons learned.'],
  ['Interior Design Collective', 'Spaces people love', 'P35', 'Materials, lighting and client stories from interior designers.'],
  ['Fashion Forward', 'From sketch to runway', 'P36', 'Fashion designers on sourcing, sustainability and small-batch production.'],
  ['Corporate Finance Circle', 'Budgets, forecasts, reporting', 'P08', 'Financial analysts comparing models, tools and the close calendar.'],
  ['Tax & Audit Exchange', 'Year-end without surprises', 'P09', 'Accountants on regulation changes, audit readiness and automation.'],
  ['Founders Table', 'Building companies from zero', 'P11', 'Entrepreneurs on hiring the first ten, fundraising and staying sane.'],
  ['Early-Stage Investors', 'Seed and Series A', 'P12', 'Venture capitalists sharing sourcing, diligence checklists and portfolio support.'],
  ['Strategy Consultants Network', 'Frameworks and field notes', 'P10', 'Management consultants on engagements, pricing and client workshops.'],
  ['Growth Marketing Lab', 'Experiments that move numbers', 'P31', 'Campaigns, attribution and brand versus performance debates.'],
  ['Sales Leadership Circle', 'Pipelines and people', 'P32', 'Sales managers on coaching, forecasting and enterprise deals.'],
  ['People & Culture', 'Hiring, growth and wellbeing', 'P33', 'HR leaders on hiring loops, reviews and remote culture.'],
  ['Tech Law Forum', 'Contracts, privacy and IP', 'P13', 'Lawyers working on technology, data protection and licensing.'],
  ['Global Diplomacy Circle', 'Dialogue across borders', 'P38', 'Diplomats and policy people on negotiation and international affairs.'],
  ['Clinicians Exchange', 'Medicine in practice', 'P14', 'Physicians sharing cases (anonymised), guidelines and rota survival tips.'],
  ['Surgical Skills Circle', 'Technique and teamwork', 'P15', 'Surgeons on new procedures, training and theatre efficiency.'],
  ['Mental Health Professionals', 'Care for carers too', 'P19', 'Psychologists on practice, supervision and burnout prevention.'],
  ['Nursing Leaders', 'At the heart of care', 'P18', 'Nurses on staffing, training and patient safety.'],
  ['Structural & Civil Engineers', 'Bridges, roads and water', 'P20', 'Civil engineers on infrastructure projects, codes and site stories.'],
  ['Renewable Energy Engineers', 'Power without smoke', 'P22', 'Electrical engineers on solar, storage and grid integration.'],
  ['Educators Network', 'Teaching that sticks', 'P24', 'Teachers sharing lesson plans, classroom tech and assessment ideas.'],
  ['Research Scientists Circle', 'From hypothesis to paper', 'P39', 'Researchers on funding, reproducibility and lab life.'],
  ['Photojournalism Circle', 'Stories in a frame', 'P26', 'Photographers and journalists on assignments, ethics and gear.'],
  ['Film Makers Lounge', 'Script to screen', 'P27', 'Directors on festivals, financing and small crews.'],
  ['Chefs Table', 'Kitchens and menus', 'P29', 'Chefs on seasonal menus, suppliers and running the pass.'],
  ['Aviation Professionals', 'Above the clouds', 'P37', 'Pilots on training, routes and life between time zones.'],
];

export const slateDefs: CircleDef[] = [
  ['Lindqvist Design Notes', 'Weekly notes on design and craft', 'P05', 'Short essays, sketches and links on making things people enjoy using.'],
  ['The Money Desk', 'Markets explained plainly', 'P08', 'A weekly read on markets, rates and what they mean for your plans.'],
  ['Build in Public', 'A startup diary', 'P11', 'Revenue, mistakes and lessons from building a company in the open.'],
  ['Healthy Habits Daily', 'Small changes, big effects', 'P14', 'Evidence-based tips on sleep, food and movement from a physician.'],
  ['Code & Coffee', 'Morning reads for engineers', 'P02', 'Articles, tools and patterns worth a developer\'s first coffee.'],
  ['The Atlas of Buildings', 'Architecture around the world', 'P01', 'One remarkable building a week, with plans and photos.'],
  ['Legal Bytes', 'Law for the digital age', 'P13', 'Plain-language updates on privacy, contracts and AI regulation.'],
  ['Kitchen Chronicles', 'Recipes from a working kitchen', 'P29', 'Seasonal recipes and stories from the pass.'],
  ['Frames Per Second', 'Film and photography', 'P27', 'Behind-the-scenes notes from shoots and festivals.'],
  ['The Classroom Slate', 'Ideas for teachers', 'P24', 'Lesson ideas and classroom experiments that worked.'],
  ['Grid Futures', 'Energy transition news', 'P22', 'What changes on the grid as renewables grow.'],
  ['Founders Reading List', 'Books that shaped companies', 'P12', 'An investor\'s notes on the books founders ask about most.'],
  ['Culture Code', 'People practices that work', 'P33', 'Hiring, onboarding and feedback ideas from HR leaders.'],
  ['Market Movers', 'Deals of the week', 'P07', 'The week\'s notable deals, in five minutes.'],
  ['Science Made Simple', 'Research without the jargon', 'P39', 'New papers explained for everyone.'],
  ['Gallery Walk', 'Art worth seeing', 'P40', 'Exhibitions, artists and the stories behind the works.'],
  ['Runway Report', 'Fashion, seasonally', 'P36', 'Collections, materials and the business of fashion.'],
  ['Consulting Casebook', 'Cases and lessons', 'P10', 'Anonymised engagements and what they taught us.'],
  ['Flight Deck', 'Aviation from the cockpit', 'P37', 'Routes, weather and the craft of flying.'],
  ['Newsroom Notes', 'Journalism today', 'P25', 'Reporting, verification and the future of news.'],
];

/** First entries of a circle or slate: a welcome in its own words. */
export const welcomeTexts = [
  'Welcome to {name}! Introduce yourself and tell us what you are working on.',
  'Glad to have you all here in {name}. What should we talk about first?',
  '{name} is open. Share one thing you learned this week.',
];

/** Entries that carry a seeded gallery. */
export const galleryTexts = [
  'A few pictures from our last meetup. Thanks to everyone who came!',
  'Moodboard for the next project. Thoughts?',
  'Colours from this week\'s workshop.',
  'Snapshots from the studio today.',
];
