/**
 * 'Where you're signed in', online only: ending a session is a security step the member
 * must see take effect, not a write to queue (docs/decisions/0070-sessions.md).
 * Either way the list is pulled again, so the screen shows what the server holds.
 */
import { CHANGE_PASSWORD_PATH, SESSION_PATHS, type ChangePasswordAnswer, type ChangePasswordRequest } from '../../contract/sessions';
import { readSession, writeSession } from './session';
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

/**
 * A new password. With `endOthers` every older token is refused, this device's too: the
 * answer's token replaces it in the device session (the refresh token stays: the session does).
 */
export async function changePassword(ctx: SyncContext, member: Member, input: ChangePasswordRequest): Promise<CallResult<{ ended: number }>> {
  const result = await authed<ChangePasswordAnswer>(ctx, member, CHANGE_PASSWORD_PATH, { method: 'POST', body: input });
  const answer = result.kind === 'ok' ? result.body.data : undefined;
  if (answer) {
    const stored = await readSession();
    if (stored?.id === member.session.id) await writeSession({ ...stored, accessToken: answer.accessToken, expiresAt: answer.expiresAt });
    await pullSessions(ctx, { ...member, session: { ...member.session, accessToken: answer.accessToken, expiresAt: answer.expiresAt } });
  }
  return toCallResult(result, (data) => ({ ended: data?.ended ?? 0 }));
}
