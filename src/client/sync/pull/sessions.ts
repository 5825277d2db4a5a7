/**
 * pull({ kind: 'sessions' }): 'Where you're signed in' into `deviceSessions`, replaced whole;
 * pull({ kind: 'secondFactor' }): whether two-step sign-in is on, into `accountState`;
 * pull({ kind: 'passkeys' }): the member's passkeys into `passkeys`, replaced whole;
 * pull({ kind: 'deletion' }): 'Delete my account' — due when, and what goes — into `accountState`.
 */
import { SECOND_FACTOR_PATHS, secondFactorState } from '../../../contract/second-factor';
import { deviceSessions, SESSION_PATHS } from '../../../contract/sessions';
import { PASSKEY_PATHS, passkeyList } from '../../../contract/passkeys';
import { DELETION_PATHS, deletionState } from '../../../contract/account-deletion';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

export async function pullSessions(ctx: SyncContext, member: Member): Promise<PullResult> {
  const { db } = member;
  const key = 'sessions';
  const result = await authed(ctx, member, SESSION_PATHS.list);
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = deviceSessions.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  await db.transaction('rw', db.deviceSessions, async () => {
    await db.deviceSessions.clear();
    await db.deviceSessions.bulkPut(parsed.data.sessions);
  });
  return pulled(db, key, result.status);
}

export async function pullSecondFactor(ctx: SyncContext, member: Member): Promise<PullResult> {
  const { db } = member;
  const key = 'secondFactor';
  const result = await authed(ctx, member, SECOND_FACTOR_PATHS.state);
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = secondFactorState.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  await db.accountState.put({ key: 'secondFactor', ...parsed.data });
  return pulled(db, key, result.status);
}

export async function pullPasskeys(ctx: SyncContext, member: Member): Promise<PullResult> {
  const { db } = member;
  const key = 'passkeys';
  const result = await authed(ctx, member, PASSKEY_PATHS.list);
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = passkeyList.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  await db.transaction('rw', db.passkeys, async () => {
    await db.passkeys.clear();
    await db.passkeys.bulkPut(parsed.data.passkeys);
  });
  return pulled(db, key, result.status);
}

export async function pullDeletion(ctx: SyncContext, member: Member): Promise<PullResult> {
  const { db } = member;
  const key = 'deletion';
  const result = await authed(ctx, member, DELETION_PATHS.state);
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = deletionState.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  await db.accountState.put({ key: 'deletion', ...parsed.data });
  return pulled(db, key, result.status);
}
