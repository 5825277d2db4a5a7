/** Two-step sign-in's screen texts, apart from its schemas: checkin draws them without zod. */
export const SECOND_FACTOR_TEXT = {
  title: 'Two-step sign-in',
  askCode: 'Enter the 6-digit code from your authenticator app.',
  askRecovery: 'Enter one of your recovery codes.',
  toRecovery: 'Use a recovery code',
  toApp: 'Use the authenticator app',
  wrongCode: 'That code is not right. Try the newest one.',
  challengeGone: 'Too late or too many tries: check in again.',
  alreadyOn: 'Two-step sign-in is already on.',
  turnedOn: 'Two-step sign-in is on.',
  turnedOff: 'Two-step sign-in is off.',
  wrongPassword: 'That is not your password.',
} as const;
