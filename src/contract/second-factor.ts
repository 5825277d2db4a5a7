import { z } from 'zod';
import { sessionData } from './auth';
import { passkeyAssertion, passkeyRequestOptions } from './passkeys';

/**
 * Two-step sign-in (issue 29): a TOTP authenticator as a second factor, with one-time
 * recovery codes. A password sign-in of a member who has it on answers a challenge instead
 * of a session; the code (or a recovery code) sent with the challenge answers the session.
 */
export { SECOND_FACTOR_PATHS } from './auth-paths';

/**
 * secondFactor: what checkin asks for first ('totp' when the member has an authenticator
 * app, else 'passkey'); `passkey`: the WebAuthn options when one of theirs may answer.
 * A recovery code may always answer.
 */
export const secondFactorChallenge = z.object({ secondFactor: z.enum(['totp', 'passkey']), challenge: z.string(), passkey: passkeyRequestOptions.optional() });
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;
/** What auth/signIn answers: a session, or a challenge when a code is owed. */
export const signInAnswer = z.union([sessionData, secondFactorChallenge]);

export const secondFactorSignIn = z
  .object({ challenge: z.string().min(1).max(100), code: z.string().trim().min(1, 'Enter the code.').max(40).optional(), passkey: passkeyAssertion.optional() })
  .refine((v) => v.code !== undefined || v.passkey !== undefined, { path: ['code'], message: 'Enter the code.' });
/** passkeys: how many; recovery codes exist while any second factor does. */
export const secondFactorState = z.object({ totp: z.boolean(), passkeys: z.number().int(), recoveryCodesLeft: z.number().int() });
export type SecondFactorStateData = z.infer<typeof secondFactorState>;
export const totpSetup = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof totpSetup>;
export const totpConfirm = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6 digits your app shows.') });
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });
export const secondFactorOff = z.object({ password: z.string().min(1, 'Enter your password.').max(200) });

export { SECOND_FACTOR_TEXT } from './second-factor-text';
