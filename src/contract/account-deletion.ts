import { z } from 'zod';
import { passkeyAssertion } from './passkeys';

/**
 * 'Delete my account' (issue 29): asked with the password (or a passkey) again; every device
 * is signed out; the account is erased after DELETION_GRACE_DAYS unless the member checks in
 * before (which cancels it). Our paths: the spec has no such calls.
 */
export const DELETION_PATHS = {
  /** GET: data = { deleteAfter, preview } — what erasure takes with it, shown before confirming. */
  state: 'user/account/deletion',
  /** POST { password } or { passkey }: deletion asked; data.deleteAfter. Every session ends. */
  request: 'user/account/deletion',
  /** POST: options for confirming with a passkey instead of the password. */
  passkeyOptions: 'user/account/deletion/passkey-options',
} as const;

/** A circle or slate the member owns: erased with them, for its members or followers too. */
export const ownedGroup = z.object({ name: z.string(), people: z.number().int() });
export const deletionPreview = z.object({
  entries: z.number().int(),
  comments: z.number().int(),
  circles: z.array(ownedGroup),
  slates: z.array(ownedGroup),
  listings: z.number().int(),
  conversations: z.number().int(),
  /** The member has a passkey: it may confirm instead of the password. */
  passkeys: z.boolean(),
});
export type DeletionPreview = z.infer<typeof deletionPreview>;
export const deletionState = z.object({ deleteAfter: z.string().nullable(), preview: deletionPreview });
export type DeletionState = z.infer<typeof deletionState>;

export const deletionRequest = z
  .object({ password: z.string().min(1, 'Enter your password.').max(200).optional(), passkey: passkeyAssertion.optional() })
  .refine((v) => v.password !== undefined || v.passkey !== undefined, { path: ['password'], message: 'Enter your password.' });
export type DeletionRequest = z.infer<typeof deletionRequest>;
export const deletionAnswer = z.object({ deleteAfter: z.string() });

export { DELETION_GRACE_DAYS, DELETION_TEXT } from './account-deletion-text';
