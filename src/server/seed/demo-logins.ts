/**
 * The demo logins, apart from the generator so printing them (npm start) does not load faker.
 */
export const DEMO_PASSWORD = 'Billionett#2026';

/**
 * The two accounts a person demoing the app signs in with. Invented names; the
 * mobiles sit in the 555-01xx range reserved for fiction so they never reach a
 * real phone.
 */
export const DEMO_LOGINS: { email: string; mobile: string; displayName: string; password: string }[] = [
  { email: 'amara@billionett.test', mobile: '5550100001', displayName: 'Amara Lindqvist', password: DEMO_PASSWORD },
  { email: 'jonas@billionett.test', mobile: '5550100002', displayName: 'Jonas Ferreira', password: DEMO_PASSWORD },
];
