/**
 * 'Delete my account', online only: the member must see it take. The server ends every
 * session with the ask, this one too; the page then leaves the device as Checkout does.
 */
import { DELETION_PATHS } from '../../contract/account-deletion';
import type { PasskeyAssertion, PasskeyRequestOptions } from '../../contract/passkeys';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';

export async function deletionPasskeyOptions(ctx: SyncContext, member: Member): Promise<CallResult<PasskeyRequestOptions>> {
  const result = await authed<PasskeyRequestOptions>(ctx, member, DELETION_PATHS.passkeyOptions, { method: 'POST' });
  return toCallResult(result, (data) => data ?? { challenge: '' });
}

export async function requestDeletion(
  ctx: SyncContext,
  member: Member,
  confirm: { password: string } | { passkey: PasskeyAssertion },
): Promise<CallResult<{ deleteAfter: string }>> {
  const result = await authed<{ deleteAfter: string }>(ctx, member, DELETION_PATHS.request, { method: 'POST', body: confirm });
  return toCallResult(result, (data) => data ?? { deleteAfter: '' });
}
