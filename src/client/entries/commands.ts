/**
 * Writes of the feed. Ratings, votes, archive, share, delete, privacy and every comment
 * write are queued (DESIGN.md): the optimistic change and the outbox item in one Dexie
 * transaction (store/outbox.ts enqueue), then a nudge to the worker. Reporting is an
 * online-only call answering a CallResult.
 */
import type { MutationKind, MutationPayload } from '../../contract/mutations';
import { uuidv7 } from '../../lib/ids';
import { memberDb } from '../store/db';
import { enqueue } from '../store/enqueue';
import type { CallResult } from '../sync/api';
import { sync } from '../sync/client';

export async function entryWrite<K extends MutationKind>(me: string, kind: K, payload: MutationPayload<K>): Promise<void> {
  await enqueue(memberDb(me), kind, payload);
  // Delivery is the worker's job; a failure to reach it must not undo the queued write.
  void sync.kick().catch(() => undefined);
}

/** A new client id (UUIDv7) for a comment or a share: the code the server stores it under. */
export const newCode = (): string => uuidv7();

export { pullPage } from '../sync/client';

export const reportEntry = (postCode: string, text: string): Promise<CallResult> =>
  sync.reportEntry(postCode, text).catch((error: unknown) => ({
    ok: false as const,
    status: 0,
    message: error instanceof Error ? error.message : 'The sync worker failed.',
  }));

export const retryWrite = (id: string): Promise<void> => sync.retry(id);
export const discardWrite = (id: string): Promise<void> => sync.discard(id);
