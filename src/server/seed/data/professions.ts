import type { Profession } from '../../../contract/masters';

/**
 * Professions master list (spec/product.md §3: profile professionCode/professionName).
 * Codes are stable two-digit strings so seeds, circles (groupType) and tests can
 * refer to them without a database lookup.
 */
export const professions: Profession[] = [
  { professionCode: 'P01', professionName: 'Architect' },
  { professionCode: 'P02', professionName: 'Software Engineer' },
  { professionCode: 'P03', professionName: 'Data Scientist' },
  { professionCode: 'P04', professionName: 'Product Manager' },
  { professionCode: 'P05', professionName: 'UX Designer' },
  { professionCode: 'P06', professionName: 'Graphic Designer' },
  { professionCode: 'P07', professionName: 'Investment Banker' },
  { professionCode: 'P08', professionName: 'Financial Analyst' },
  { professionCode: 'P09', professionName: 'Accountant' },
  { professionCode: 'P10', professionName: 'Management Consultant' },
  { professionCode: 'P11', professionName: 'Entrepreneur' },
  { professionCode: 'P12', professionName: 'Venture Capitalist' },
  { professionCode: 'P13', professionName: 'Lawyer' },
  { professionCode: 'P14', professionName: 'Physician' },
  { professionCode: 'P15', professionName: 'Surgeon' },
  { professionCode: 'P16', professionName: 'Dentist' },
  { professionCode: 'P17', professionName: 'Pharmacist' },
  { professionCode: 'P18', professionName: 'Nurse' },
  { professionCode: 'P19', professionName: 'Psychologist' },
  { professionCode: 'P20', professionName: 'Civil Engineer' },
  { professionCode: 'P21', professionName: 'Mechanical Engineer' },
  { professionCode: 'P22', professionName: 'Electrical Engineer' },
  { professionCode: 'P23', professionName: 'Professor' },
  { professionCode: 'P24', professionName: 'Teacher' },
  { professionCode: 'P25', professionName: 'Journalist' },
  { professionCode: 'P26', professionName: 'Photographer' },
  { professionCode: 'P27', professionName: 'Film Director' },
  { professionCode: 'P28', professionName: 'Musician' },
  { professionCode: 'P29', professionName: 'Chef' },
  { professionCode: 'P30', professionName: 'Hotelier' },
  { professionCode: 'P31', professionName: 'Marketing Director' },
  { professionCode: 'P32', professionName: 'Sales Manager' },
  { professionCode: 'P33', professionName: 'Human Resources Manager' },
  { professionCode: 'P34', professionName: 'Real Estate Developer' },
  { professionCode: 'P35', professionName: 'Interior Designer' },
  { professionCode: 'P36', professionName: 'Fashion Designer' },
  { professionCode: 'P37', professionName: 'Pilot' },
  { professionCode: 'P38', professionName: 'Diplomat' },
  { professionCode: 'P39', professionName: 'Research Scientist' },
  { professionCode: 'P40', professionName: 'Art Curator' },
];
