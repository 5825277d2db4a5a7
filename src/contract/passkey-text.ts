/** Passkeys' screen texts, apart from their schemas: checkin draws them without zod. */
export const PASSKEY_TEXT = {
  title: 'Passkeys',
  signIn: 'Sign in with a passkey',
  answerWith: 'Use your passkey',
  add: 'Add a passkey',
  added: 'Passkey added.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  /** The browser's dialog was closed, or timed out. */
  cancelled: 'No passkey was used.',
  refused: 'That passkey was not accepted. Try again, or check in with your password.',
  unknown: 'That passkey is not on a Billionett account.',
  gone: 'Too late: try again.',
  already: 'This passkey is already on your account.',
  unsupported: 'This browser cannot use passkeys.',
} as const;
