/**
 * The entries' online-only call (api.ts): report an entry. A report goes to the
 * moderators, not into any list the member sees, so it is not queued: offline it answers
 * 'You are offline. …' and the dialog stays open with the text typed.
 */
import { ENTRY_PATHS } from '../../contract/entries';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';

export async function reportEntry(
  ctx: SyncContext,
  member: Member,
  postCode: string,
  reportDescription: string,
): Promise<CallResult> {
  const result = await authed(ctx, member, ENTRY_PATHS.report(postCode), { method: 'POST', body: { reportDescription } });
  return toCallResult(result, () => undefined);
}
