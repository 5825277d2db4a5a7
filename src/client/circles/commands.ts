/**
 * Writes and pulls of circles and slates. Follow, Later, leave, invitation answers and an
 * owner's answers are queued writes (DESIGN.md): the optimistic change and the outbox item
 * in one Dexie transaction, then a nudge to the worker. Create, update, delete and privacy
 * are online-only calls answering a CallResult (sync/circle-calls.ts).
 */
import type { OriginPrivacyUpdate } from '../../contract/circle-admin';
import { enqueue } from '../store/enqueue';
import type { CircleWriteKind, OwnerWriteKind } from '../store/appliers/circles';
import { memberDb } from '../store/db';
import type { OriginKind, OriginSave } from '../store/origin-lists';
import type { CallResult, PullResult } from '../sync/api';
import { pullPage, sync } from '../sync/client';
import type { GroupKind } from './queries';

export function refreshGroup(kind: GroupKind, code: string): Promise<PullResult> {
  return pullPage(kind === 'circle' ? { kind, groupCode: code } : { kind, pageCode: code });
}

const nudge = () => void sync.kick().catch(() => undefined);

/** A member's own write on a circle or slate (Follow, Later, Unfollow, invitation answers). */
export async function originWrite(me: string, kind: CircleWriteKind, code: string): Promise<void> {
  const db = memberDb(me);
  if (kind.startsWith('circle.')) await enqueue(db, kind as Extract<CircleWriteKind, `circle.${string}`>, { userCode: me, groupCode: code });
  else await enqueue(db, kind as Extract<CircleWriteKind, `slate.${string}`>, { userCode: me, pageCode: code });
  nudge();
}

/** An owner's write about one member of their circle or slate. */
export async function ownerWrite(me: string, kind: OwnerWriteKind, code: string, memberCode: string): Promise<void> {
  const db = memberDb(me);
  if (kind.startsWith('circle.')) await enqueue(db, kind as Extract<OwnerWriteKind, `circle.${string}`>, { userCode: me, groupCode: code, memberCode });
  else await enqueue(db, kind as Extract<OwnerWriteKind, `slate.${string}`>, { userCode: me, pageCode: code, memberCode });
  nudge();
}

const failed = (error: unknown): CallResult<never> => ({
  ok: false,
  status: 0,
  message: error instanceof Error ? error.message : 'The sync worker failed.',
});

export const saveOrigin = (save: OriginSave): Promise<CallResult<{ code: string }>> => sync.saveOrigin(save).catch(failed);
export const deleteOrigin = (kind: OriginKind, code: string): Promise<CallResult> => sync.deleteOrigin(kind, code).catch(failed);
export const saveOriginPrivacy = (kind: OriginKind, code: string, update: OriginPrivacyUpdate | null): Promise<CallResult> =>
  sync.saveOriginPrivacy(kind, code, update).catch(failed);

export const retryWrite = (id: string): Promise<void> => sync.retry(id);
export const discardWrite = (id: string): Promise<void> => sync.discard(id);
export { pullPage };
