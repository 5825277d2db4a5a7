import { z } from 'zod';
import { sessionData } from './auth';

/**
 * Passkeys (WebAuthn, issue 29): added and named in Settings, used at checkin instead of a
 * password (offered by the browser's autofill where it can), or after a password as the
 * second step. Our paths: the spec has no such calls. The ceremony's options and answers
 * are WebAuthn's JSON forms (@simplewebauthn/browser makes and reads them); the server
 * checks every field it needs, so these schemas hold only what routes them.
 */
export { PASSKEY_PATHS } from './auth-paths';

const base64url = z.string().min(1).max(4096).regex(/^[A-Za-z0-9_-]+$/, 'Not base64url.');

/** PublicKeyCredentialRequestOptionsJSON / CreationOptionsJSON, as the server made them. */
export const passkeyRequestOptions = z.looseObject({ challenge: z.string() });
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptions>;
export const passkeyCreationOptions = z.looseObject({ challenge: z.string() });

const credentialShape = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
/** AuthenticationResponseJSON: what navigator.credentials.get answered. */
export const passkeyAssertion = z.looseObject({
  ...credentialShape,
  response: z.looseObject({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url, userHandle: base64url.optional() }),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;
/** RegistrationResponseJSON: what navigator.credentials.create answered. */
export const passkeyAttestation = z.looseObject({
  ...credentialShape,
  response: z.looseObject({ clientDataJSON: base64url, attestationObject: base64url, transports: z.array(z.string().max(32)).max(10).optional() }),
});
export type PasskeyAttestation = z.infer<typeof passkeyAttestation>;

export const passkeySignIn = z.object({ response: passkeyAssertion, rememberMe: z.boolean().optional() });
export const passkeySignInAnswer = sessionData;

export const passkeyName = z.string().trim().min(1, 'Enter a name.').max(60, 'At most 60 characters.');
export const passkeyRegister = z.object({ response: passkeyAttestation });
export const passkeyRename = z.object({ name: passkeyName });
export const passkeyParams = z.object({ passkeyCode: z.string().min(1).max(64) });

export const passkeyItem = z.object({
  passkeyCode: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced between the member's devices by their password manager. */
  backedUp: z.boolean(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;
export const passkeyList = z.object({ passkeys: z.array(passkeyItem) });
/** recoveryCodes: shown once, when this passkey is the member's first second factor. */
export const passkeyAdded = z.object({ passkeyCode: z.string(), name: z.string(), recoveryCodes: z.array(z.string()) });
export type PasskeyAdded = z.infer<typeof passkeyAdded>;

export { PASSKEY_TEXT } from './passkey-text';
