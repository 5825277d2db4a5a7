/**
 * Passkeys, online only (like two-step sign-in: a security step the member must see take
 * effect). The worker fetches the ceremony's options and sends its answer; the ceremony
 * itself (navigator.credentials) runs on the page, which alone may show the browser's
 * dialog. Each change re-pulls the list and the second-factor state into Dexie.
 */
import { PASSKEY_PATHS, type PasskeyAdded, type PasskeyAttestation } from '../../contract/passkeys';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';
import { pullPasskeys, pullSecondFactor } from './pull/sessions';

type Options = Record<string, unknown> & { challenge: string };

async function pullBoth(ctx: SyncContext, member: Member): Promise<void> {
  await pullPasskeys(ctx, member);
  await pullSecondFactor(ctx, member);
}

export async function passkeyOptions(ctx: SyncContext, member: Member): Promise<CallResult<Options>> {
  const result = await authed<Options>(ctx, member, PASSKEY_PATHS.registerOptions, { method: 'POST' });
  return toCallResult(result, (data) => data ?? { challenge: '' });
}

export async function addPasskey(ctx: SyncContext, member: Member, response: PasskeyAttestation): Promise<CallResult<PasskeyAdded>> {
  const result = await authed<PasskeyAdded>(ctx, member, PASSKEY_PATHS.register, { method: 'POST', body: { response } });
  if (result.kind !== 'retryable') await pullBoth(ctx, member);
  return toCallResult(result, (data) => data ?? { passkeyCode: '', name: '', recoveryCodes: [] });
}

export async function renamePasskey(ctx: SyncContext, member: Member, passkeyCode: string, name: string): Promise<CallResult> {
  const result = await authed(ctx, member, PASSKEY_PATHS.one(passkeyCode), { method: 'PATCH', body: { name } });
  if (result.kind !== 'retryable') await pullPasskeys(ctx, member);
  return toCallResult(result, () => undefined);
}

export async function removePasskey(ctx: SyncContext, member: Member, passkeyCode: string): Promise<CallResult> {
  const result = await authed(ctx, member, PASSKEY_PATHS.one(passkeyCode), { method: 'DELETE' });
  if (result.kind !== 'retryable') await pullBoth(ctx, member);
  return toCallResult(result, () => undefined);
}
