import { z } from 'zod';
import { PLAN_CODES } from './codes';
import { DATE_PATTERN, EMAIL_PATTERN, MESSAGES, MOBILE_PATTERN, PASSWORD_PATTERN, isOldEnough } from './rules';

export { AUTH_PATHS } from './auth-paths';

const emailOrEmpty = z.union([z.literal(''), z.string().trim().regex(EMAIL_PATTERN, MESSAGES.usernameInvalid)]);
const mobileOrEmpty = z.union([z.literal(''), z.string().trim().regex(MOBILE_PATTERN, MESSAGES.usernameInvalid)]);

export const signInRequest = z.object({
  username: z.string().trim().min(1, MESSAGES.loginUsernameRequired).max(254),
  password: z.string().min(1, MESSAGES.loginPasswordRequired).max(200),
  emailId: emailOrEmpty.optional(),
  mobileNo: mobileOrEmpty.optional(),
  /** Remember me: a 30-day session instead of one day (our reading of the checkbox). */
  rememberMe: z.boolean().optional(),
});
export type SignInRequest = z.infer<typeof signInRequest>;

export const sessionData = z.object({
  accessToken: z.string(),
  tokenType: z.string(),
  /** Seconds since the epoch when the token stops being accepted. */
  expiresAt: z.number().int(),
  email: z.string(),
  /** The member's userCode. */
  id: z.string(),
  roles: z.array(z.string()),
  username: z.string(),
  /**
   * Renews the access token (AUTH_PATHS.refresh), once: each renewal answers the next one.
   * Absent on sessions a device kept from before sessions were kept on the server.
   */
  refreshToken: z.string().optional(),
  /** The session on the server ('Where you're signed in' marks this device's). */
  sessionCode: z.string().optional(),
  /** This sign-in cancelled the account's deletion (it was asked for, and its days had not run out). */
  deletionCancelled: z.boolean().optional(),
});
export type SessionData = z.infer<typeof sessionData>;

export const refreshRequest = z.object({ refreshToken: z.string().min(1).max(200) });
export type RefreshRequest = z.infer<typeof refreshRequest>;

export const genderInput = z.enum(['male', 'female', 'other'], { message: MESSAGES.genderRequired });

export const signUpRequest = z
  .object({
    emailId: emailOrEmpty,
    mobileNo: mobileOrEmpty,
    firstName: z.string().trim().max(60).default(''),
    lastName: z.string().trim().min(1, MESSAGES.lastNameRequired).max(60),
    displayName: z.string().trim().min(1, MESSAGES.displayNameRequired).max(60),
    password: z.string().regex(PASSWORD_PATTERN, MESSAGES.passwordInvalid),
    dateOfBirth: z.union([
      z.literal(''),
      z.string().regex(DATE_PATTERN, MESSAGES.dateOfBirthRequired).refine((v) => isOldEnough(v), MESSAGES.tooYoung),
    ]),
    gender: genderInput,
    planCode: z.enum(PLAN_CODES, { message: MESSAGES.planRequired }),
    activationCode: z.string().trim().min(1, MESSAGES.activationCodeRequired).max(64),
  })
  .refine((v) => (v.emailId === '') !== (v.mobileNo === ''), {
    message: MESSAGES.usernameRequired,
    path: ['emailId'],
  });
export type SignUpRequest = z.infer<typeof signUpRequest>;

export const validateEmailRequest = z.object({ emailId: z.string().trim().regex(EMAIL_PATTERN, MESSAGES.usernameInvalid) });
export const validateMobileRequest = z.object({ mobileNo: z.string().trim().regex(MOBILE_PATTERN, MESSAGES.usernameInvalid) });
/** Answer: code "101" when the account exists, "100" when it is free. */
export const existenceAnswer = z.object({ code: z.string(), message: z.string() });

export const requestResetRequest = z.object({
  username: z.string().trim().min(1, MESSAGES.forgotRequired).max(254),
});
export const resetTokenRequest = z.object({ resetPasswordToken: z.string().min(1).max(200) });
export const resetPasswordRequest = z.object({
  password: z.string().regex(PASSWORD_PATTERN, MESSAGES.passwordInvalid),
  resetPasswordToken: z.string().min(1).max(200),
});
