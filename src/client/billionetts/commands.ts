/**
 * Writes of the billionetts. Accept, reject, request, Later, remove and unfriend are
 * queued writes (DESIGN.md): the optimistic change and the outbox item in one Dexie
 * transaction, then a nudge to the worker. References go to the admin's activation
 * process and are online-only calls answering a CallResult.
 */
import type { ReferenceRequest } from '../../contract/friends';
import type { FriendWriteKind } from '../store/appliers/friend-kinds';
import { memberDb } from '../store/db';
import { enqueue } from '../store/enqueue';
import type { CallResult } from '../sync/api';
import { sync } from '../sync/client';

export async function friendWrite(me: string, kind: FriendWriteKind, friendCode: string): Promise<void> {
  await enqueue(memberDb(me), kind, { userCode: me, friendCode });
  // Delivery is the worker's job; a failure to reach it must not undo the queued write.
  void sync.kick().catch(() => undefined);
}

export { pullPage } from '../sync/client';

const failed = (error: unknown): CallResult => ({
  ok: false,
  status: 0,
  message: error instanceof Error ? error.message : 'The sync worker failed.',
});

export const sendReference = (input: ReferenceRequest): Promise<CallResult> => sync.sendReference(input).catch(failed);
export const notifyReference = (refCode: string): Promise<CallResult> => sync.notifyReference(refCode).catch(failed);
export const deleteReference = (refCode: string): Promise<CallResult> => sync.deleteReference(refCode).catch(failed);

export const retryWrite = (id: string): Promise<void> => sync.retry(id);
export const discardWrite = (id: string): Promise<void> => sync.discard(id);
