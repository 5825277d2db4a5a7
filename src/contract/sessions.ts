import { z } from 'zod';
import { MESSAGES, PASSWORD_PATTERN } from './rules';

/**
 * 'Where you're signed in' (issue 29): the member's sessions — one per sign-in, on the
 * server — listed, and ended one by one or all but this device's. Our paths: the spec has
 * no such calls. Ending is online only (the member sees at once whether it took).
 */
export const SESSION_PATHS = {
  /** GET: data.sessions, the most recently used first; `current` marks the caller's. */
  list: 'user/sessions',
  /** DELETE: ends one (404 when it is not the caller's or already over). */
  end: (sessionCode: string) => `user/sessions/${encodeURIComponent(sessionCode)}`,
  /** POST: ends every session but the caller's; data.ended = how many. */
  endOthers: 'user/sessions/end-others',
} as const;

/** POST, signed in: a new password; `endOthers` signs every other device out (offered, on by default). */
export const CHANGE_PASSWORD_PATH = 'auth/changePassword';
export const changePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(200),
  newPassword: z.string().regex(PASSWORD_PATTERN, MESSAGES.passwordInvalid),
  endOthers: z.boolean(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
/** This device's new access token (a password change with endOthers refuses every older one), and how many sessions ended. */
export const changePasswordAnswer = z.object({ accessToken: z.string(), expiresAt: z.number().int(), ended: z.number().int() });
export type ChangePasswordAnswer = z.infer<typeof changePasswordAnswer>;

export const deviceSession = z.object({
  sessionCode: z.string(),
  /** "Chrome on Android", from the browser that signed in. */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSession>;
export const deviceSessions = z.object({ sessions: z.array(deviceSession) });
export const sessionParams = z.object({ sessionCode: z.string().min(1).max(64) });
export const endOthersAnswer = z.object({ ended: z.number().int() });

/** Screen texts. */
export const SESSION_TEXT = {
  title: "Where you're signed in",
  thisDevice: 'This device',
  endOne: 'Sign out',
  endOthers: 'Sign out everywhere else',
  ended: 'Signed out.',
  endedOthers: 'Signed out everywhere else.',
  offline: 'You are offline. Try again when connected.',
  changePassword: 'Change password',
  wrongPassword: 'That is not your current password.',
  samePassword: 'Choose a password you have not been using.',
  passwordChanged: 'Password changed.',
  endOthersToo: 'Sign out everywhere else',
} as const;
