/**
 * The vault's typeahead lists (companies, positions, institutes, courses; locations come
 * from places.ts). Real, well-known names so the demo reads like a professional network.
 * Codes are slugs of the names: stable when the list is reordered or grows.
 */
export const companyNames: string[] = [
  'Accenture', 'Airbus', 'Allianz', 'Amazon', 'Apple', 'ASML', 'AXA', 'Banco Santander', 'BNP Paribas', 'Boston Consulting Group',
  'BMW Group', 'Deloitte', 'Deutsche Bank', 'EY', 'Goldman Sachs', 'Google', 'HSBC', 'IBM', 'IKEA', 'ING',
  'J.P. Morgan', 'KPMG', "L'Oréal", 'LVMH', 'Maersk', 'McKinsey & Company', 'Mercedes-Benz', 'Microsoft', 'Morgan Stanley', 'Nestlé',
  'Novartis', 'Novo Nordisk', 'Philips', 'PwC', 'Roche', 'SAP', 'Schneider Electric', 'Shell', 'Siemens', 'Spotify',
  'Unilever', 'Volvo Cars',
];

export const positionNames: string[] = [
  'Account Manager', 'Analyst', 'Architect', 'Associate', 'Board Member', 'Brand Manager', 'Business Analyst', 'Chief Executive Officer',
  'Chief Financial Officer', 'Chief Operating Officer', 'Chief Technology Officer', 'Consultant', 'Creative Director', 'Data Scientist',
  'Designer', 'Director', 'Engineering Manager', 'Founder', 'General Counsel', 'Head of Marketing', 'Head of Sales', 'Intern',
  'Investment Banker', 'Managing Director', 'Managing Partner', 'Marketing Manager', 'Operations Manager', 'Partner', 'Portfolio Manager',
  'Principal', 'Product Manager', 'Project Manager', 'Research Scientist', 'Senior Consultant', 'Senior Software Engineer',
  'Software Engineer', 'Strategy Manager', 'Team Lead', 'Vice President', 'Vice President of Engineering',
];

export const instituteNames: string[] = [
  'Bocconi University', 'Columbia University', 'Copenhagen Business School', 'Delft University of Technology', 'Duke University',
  'École Polytechnique', 'ESADE Business School', 'ETH Zurich', 'Harvard University', 'HEC Paris', 'IE University',
  'Imperial College London', 'INSEAD', 'Karolinska Institute', 'KU Leuven', 'London Business School',
  'London School of Economics', 'Ludwig Maximilian University of Munich', 'Massachusetts Institute of Technology',
  'National University of Singapore', 'New York University', 'Princeton University', 'Sciences Po',
  'Stanford University', 'Stockholm School of Economics', 'Technical University of Munich', 'Trinity College Dublin',
  'Universidade de Lisboa', 'University of Amsterdam', 'University of Barcelona', 'University of Cambridge',
  'University of Chicago', 'University of Copenhagen', 'University of Edinburgh', 'University of Oslo',
  'University of Oxford', 'University of St. Gallen', 'University of Tokyo', 'University of Toronto', 'University of Vienna',
  'Yale University',
];

export const courseNames: string[] = [
  'Accounting', 'Aerospace Engineering', 'Architecture', 'Art History', 'Biochemistry', 'Biology', 'Business Administration',
  'Chemical Engineering', 'Chemistry', 'Civil Engineering', 'Computer Science', 'Data Science', 'Design', 'Economics',
  'Electrical Engineering', 'Executive MBA', 'Finance', 'History', 'International Relations', 'Journalism', 'Law',
  'Linguistics', 'Marketing', 'Master of Business Administration', 'Mathematics', 'Mechanical Engineering', 'Medicine',
  'Music', 'Nursing', 'Pharmacy', 'Philosophy', 'Physics', 'Political Science', 'Psychology', 'Public Policy',
  'Sociology', 'Software Engineering', 'Statistics', 'Supply Chain Management', 'Urban Planning',
];

/** 'McKinsey & Company' → 'mckinsey-company'; accents folded ('Nestlé' → 'nestle'). */
export const slug = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
