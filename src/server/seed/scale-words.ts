/**
 * The vocabulary of the generated large community (seed/scale.ts): names from 60 first × 60
 * last names (accents included, so folding is exercised), entries of 8 words out of 240
 * (common words, accented cities). tests/bench/search.ts searches texts drawn from these.
 */
export const SCALE_FIRST = ['Åsa', 'Björn', 'Chloé', 'Darius', 'Elif', 'Fatima', 'Grégoire', 'Hana', 'Ingrid', 'José', 'Kwame', 'Léa', 'Mateo', 'Noémie', 'Oskar', 'Priya', 'Quentin', 'Rania', 'Søren', 'Tomás', 'Ulla', 'Valentina', 'Wiktor', 'Xiadani', 'Yusuf', 'Zoë', 'Amara', 'Jonas', 'Nia', 'Astrid', 'Bruno', 'Camille', 'Dmitri', 'Emeka', 'Freja', 'Gustav', 'Hélène', 'Ibrahim', 'Jun', 'Kaito', 'Lars', 'Mina', 'Nils', 'Olga', 'Paulo', 'Rosa', 'Sven', 'Tarek', 'Uma', 'Viktor', 'Wen', 'Ximena', 'Yara', 'Zain', 'Agnès', 'Bongani', 'Céline', 'Diego', 'Ebba', 'Farah'];
export const SCALE_LAST = ['Lindqvist', 'Okafor', 'Müller', 'García', 'Nguyen', 'Kowalski', 'Dubois', 'Rossi', 'Johansson', 'Yılmaz', 'Ferreira', 'Novák', 'Andersen', 'Sato', 'Haddad', 'Mensah', 'Ivanova', 'Petrović', 'Fernández', 'Schäfer', 'Bianchi', 'Kowalczyk', 'Nakamura', 'Osei', 'Larsen', 'Moreau', 'Svensson', 'Kaya', 'Silva', 'Horváth', 'Jensen', 'Lefèvre', 'Popescu', 'Ramírez', 'Takahashi', 'Wójcik', 'Zhang', 'Åberg', 'Berg', 'Castro', 'Dahl', 'Eriksson', 'Fischer', 'Gómez', 'Hansen', 'Ito', 'Jovanović', 'Khan', 'López', 'Mäkinen', 'Nielsen', 'Olsen', 'Papadopoulos', 'Quispe', 'Rahman', 'Sørensen', 'Tanaka', 'Usman', 'Varga', 'Weber'];
export const SCALE_WORDS = [
  'harbour', 'design', 'systems', 'café', 'market', 'launch', 'team', 'quarter', 'review', 'product', 'roadmap', 'hiring', 'engineer', 'finance', 'audit', 'budget',
  'travel', 'Nørrebro', 'conference', 'keynote', 'workshop', 'mentor', 'startup', 'funding', 'investor', 'pitch', 'growth', 'customer', 'support', 'feedback', 'research', 'data',
  'analytics', 'pipeline', 'cloud', 'security', 'privacy', 'policy', 'legal', 'contract', 'tax', 'garden', 'recipe', 'festival', 'concert', 'theatre', 'museum', 'gallery',
  'football', 'marathon', 'cycling', 'sailing', 'mountain', 'river', 'coffee', 'breakfast', 'dinner', 'family', 'friends', 'weekend', 'holiday', 'summer', 'winter', 'autumn',
  'spring', 'morning', 'evening', 'project', 'deadline', 'meeting', 'presentation', 'report', 'strategy', 'vision', 'culture', 'values', 'leadership', 'community', 'volunteer', 'charity',
  'education', 'course', 'lecture', 'student', 'teacher', 'library', 'book', 'novel', 'poetry', 'writing', 'photo', 'camera', 'portrait', 'landscape', 'architecture', 'building',
  'bridge', 'station', 'airport', 'flight', 'train', 'ferry', 'island', 'beach', 'forest', 'lake', 'city', 'village', 'street', 'square', 'bakery', 'restaurant',
  'wine', 'cheese', 'chocolate', 'tea', 'music', 'guitar', 'piano', 'jazz', 'opera', 'cinema', 'film', 'series', 'podcast', 'interview', 'article', 'newsletter',
  'software', 'hardware', 'robot', 'sensor', 'battery', 'solar', 'energy', 'climate', 'carbon', 'recycling', 'ocean', 'fishing', 'harvest', 'farm', 'vineyard', 'orchard',
  'health', 'fitness', 'yoga', 'running', 'swimming', 'tennis', 'chess', 'puzzle', 'game', 'tournament', 'victory', 'lesson', 'mistake', 'success', 'failure', 'courage',
  'patience', 'kindness', 'gratitude', 'celebration', 'anniversary', 'birthday', 'wedding', 'baby', 'graduation', 'promotion', 'retirement', 'office', 'remote', 'hybrid', 'commute', 'desk',
  'laptop', 'keyboard', 'monitor', 'printer', 'network', 'server', 'database', 'index', 'query', 'latency', 'release', 'version', 'bugfix', 'refactor', 'review', 'merge',
  'branch', 'commit', 'deploy', 'incident', 'postmortem', 'oncall', 'pager', 'alert', 'dashboard', 'metric', 'signal', 'noise', 'trend', 'forecast', 'scenario', 'risk',
  'insurance', 'pension', 'savings', 'mortgage', 'rent', 'apartment', 'kitchen', 'balcony', 'neighbour', 'dog', 'cat', 'horse', 'bicycle', 'scooter', 'electric', 'vintage',
  'Ångström', 'Zürich', 'Kraków', 'São Paulo', 'Reykjavík', 'Montréal', 'Malmö', 'Göteborg', 'Århus', 'Düsseldorf', 'Málaga', 'Córdoba', 'Łódź', 'Bogotá', 'Cancún', 'Séville',
];
