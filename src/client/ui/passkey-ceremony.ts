/**
 * The browser's part of a passkey ceremony (@simplewebauthn/browser, MIT): the page, not the
 * sync worker, may open the browser's passkey dialog. The options come from the server and
 * the answer goes back through the worker (DESIGN.md: no network I/O here). Shared by checkin
 * and settings; failures become the member's words (contract/passkey-text.ts).
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type { PasskeyAssertion, PasskeyAttestation } from '../../contract/passkeys';
import { PASSKEY_TEXT } from '../../contract/passkey-text';

export type Ceremony<T> = { ok: true; response: T } | { ok: false; cancelled: boolean; message: string };
type Options = Record<string, unknown> & { challenge: string };

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();
/** Conditional UI: the browser offers the member's passkeys in the username field's autofill. */
export const passkeyAutofillSupported = (): Promise<boolean> => browserSupportsWebAuthnAutofill();
/** Ends a pending ceremony (an autofill one, before a button starts another). */
export const cancelPasskeyCeremony = (): void => WebAuthnAbortService.cancelCeremony();

function failure(error: unknown): { ok: false; cancelled: boolean; message: string } {
  const name = error instanceof Error ? error.name : '';
  const code = error instanceof WebAuthnError ? error.code : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return { ok: false, cancelled: false, message: PASSKEY_TEXT.already };
  // The member closed the browser's dialog, it timed out, or another ceremony replaced it.
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return { ok: false, cancelled: true, message: PASSKEY_TEXT.cancelled };
  return { ok: false, cancelled: false, message: PASSKEY_TEXT.refused };
}

export async function createPasskey(options: Options): Promise<Ceremony<PasskeyAttestation>> {
  try {
    const response = await startRegistration({ optionsJSON: options as never });
    return { ok: true, response: response as unknown as PasskeyAttestation };
  } catch (error) {
    return failure(error);
  }
}

export async function getPasskey(options: Options, autofill = false): Promise<Ceremony<PasskeyAssertion>> {
  try {
    const response = await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill });
    return { ok: true, response: response as unknown as PasskeyAssertion };
  } catch (error) {
    return failure(error);
  }
}
