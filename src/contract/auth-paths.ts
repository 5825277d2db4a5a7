/**
 * The public sign-in calls' paths, kept apart from their schemas (auth.ts, second-factor.ts,
 * passkeys.ts re-export them): the sync worker's visitor part (sync/public-sync.ts) reaches the
 * checkin screen without zod, as home's first screen does (tests/unit/first-screen-imports.test.ts).
 */

/** Calls of spec/calls.md "Authentication and registration". */
export const AUTH_PATHS = {
  signIn: 'auth/signIn',
  signUp: 'auth/signUp',
  validateEmailId: 'auth/validateEmailId',
  validateMobileNo: 'auth/validateMobileNo',
  requestResetPassword: 'auth/requestResetPassword',
  validateResetPasswordToken: 'auth/validateResetPasswordToken',
  resetPassword: 'auth/resetPassword',
  /** POST { refreshToken }: the next access and refresh tokens of the session (sessions.ts). */
  refresh: 'auth/refresh',
  /** POST { refreshToken }: Checkout — the session ends on the server (always 200). */
  signOut: 'auth/signOut',
} as const;

/** Two-step sign-in (second-factor.ts says what it is). */
export const SECOND_FACTOR_PATHS = {
  /** POST { challenge, code } or { challenge, passkey } (public): the session, or 400 with a field error on `code`. */
  signIn: 'auth/signIn/second-factor',
  /** GET: data = { totp, recoveryCodesLeft }. */
  state: 'user/second-factor',
  /** POST: a new secret to scan (replacing one never confirmed); 409 while one is on. */
  beginTotp: 'user/second-factor/totp',
  /** POST { code }: the first code confirms it; data.recoveryCodes, shown once. */
  confirmTotp: 'user/second-factor/totp/confirm',
  /** POST { password }: two-step sign-in off, recovery codes gone. */
  off: 'user/second-factor/off',
} as const;

/** Passkeys (passkeys.ts says what they are). */
export const PASSKEY_PATHS = {
  /** POST (public): options for a sign-in with a passkey alone (any of the browser's). */
  signInOptions: 'auth/passkey/options',
  /** POST (public) { response, rememberMe }: the session, as auth/signIn answers it. */
  signIn: 'auth/signIn/passkey',
  /** GET: data.passkeys, the newest first. */
  list: 'user/passkeys',
  /** POST: options for adding a passkey to this account. */
  registerOptions: 'user/passkeys/options',
  /** POST { response }: the passkey added; data.recoveryCodes with the first second factor. */
  register: 'user/passkeys',
  /** PATCH { name } renames; DELETE removes (404 when not the caller's). */
  one: (passkeyCode: string) => `user/passkeys/${encodeURIComponent(passkeyCode)}`,
} as const;
