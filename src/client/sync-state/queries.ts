/**
 * Live views of the member's outbox for the header's sync indicator and the
 * checkout warning. Read straight from Dexie, so a write made in another tab or
 * delivered by the worker shows here without any message passing.
 */
import { useLiveQuery } from '../store/live-query';
import { memberDb, type OutboxItem } from '../store/db';

export type OutboxView = { pending: OutboxItem[]; failed: OutboxItem[] };

/** Every queued write, oldest first (UUIDv7 ids sort by time). Undefined while loading. */
export function useOutbox(userCode: string): OutboxView | undefined {
  return useLiveQuery(async () => {
    const items = await memberDb(userCode).outbox.orderBy('id').toArray();
    return {
      pending: items.filter((item) => item.status === 'pending'),
      failed: items.filter((item) => item.status === 'failed'),
    };
  }, [userCode]);
}
