/**
 * 'Where you're signed in', online only: ending a session is a security step the member
 * must see take effect, not a write to queue (docs/decisions/2026-11-28-sessions.md).
 * Either way the list is pulled again, so the screen shows what the server holds.
 */
import { SESSION_PATHS } from '../../contract/sessions';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';
import { pullSessions } from './pull/sessions';

export async function endSession(ctx: SyncContext, member: Member, sessionCode: string): Promise<CallResult> {
  const result = await authed(ctx, member, SESSION_PATHS.end(sessionCode), { method: 'DELETE' });
  if (result.kind !== 'retryable') await pullSessions(ctx, member);
  return toCallResult(result, () => undefined);
}

export async function endOtherSessions(ctx: SyncContext, member: Member): Promise<CallResult<{ ended: number }>> {
  const result = await authed<{ ended: number }>(ctx, member, SESSION_PATHS.endOthers, { method: 'POST' });
  if (result.kind !== 'retryable') await pullSessions(ctx, member);
  return toCallResult(result, (data) => ({ ended: data?.ended ?? 0 }));
}
