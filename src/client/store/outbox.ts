/**
 * The outbox (DESIGN.md "Writes and the outbox"): a queued write is ONE Dexie
 * transaction holding the optimistic change and the outbox item, so a crash can
 * never keep one without the other. The replay side (sync/replay.ts) finishes an
 * item the same way: delete, canonical row and rebase in one transaction.
 *
 * The page queues through enqueue.ts, which loads this module (and with it every write's
 * schema and applier) at the member's first input or write; the screens read write states
 * from write-states.ts.
 */
import { mutations, type MutationKind, type MutationPayload } from '../../contract/mutations';
import { uuidv7 } from '../../lib/ids';
import type { MemberDb, OutboxItem } from './db';
import { applierOf } from './appliers/registry';

/**
 * Queue a write. The kind's local applier makes the optimistic change (rows marked
 * `_sync: 'pending'`) inside the same transaction; it is also re-run after a pull
 * refreshes the rows, so a pending edit is never hidden by older server data.
 * Returns the item id (the Idempotency-Key).
 */
export async function enqueue<K extends MutationKind>(
  db: MemberDb,
  kind: K,
  payload: MutationPayload<K>,
): Promise<string> {
  const def = mutations[kind];
  const parsed = def.payload.parse(payload) as MutationPayload<K>;
  const item: OutboxItem = {
    id: uuidv7(),
    kind,
    payload: parsed,
    target: (def.target as (p: MutationPayload<K>) => string)(parsed),
    status: 'pending',
    attempts: 0,
    createdAt: Date.now(),
  };
  const apply = applierOf(kind)?.local;
  await db.transaction('rw', db.tables, async () => {
    await db.outbox.add(item);
    if (apply) await apply(db, parsed, 'pending');
  });
  return item.id;
}

/**
 * A stored item's payload, for its kind's appliers: parsed by the kind's schema when it
 * was queued (enqueue), but Dexie hands it back untyped: the cast belongs at that boundary.
 */
const payloadOf = (item: OutboxItem) => item.payload as MutationPayload<MutationKind>;

/** Re-apply every unsent write for `target` on top of freshly pulled rows (call inside a rw transaction). */
export async function rebase(db: MemberDb, target: string): Promise<void> {
  const items = await db.outbox.where('[target+id]').between([target, ''], [target, '\uffff']).toArray();
  // Keyed kinds fully replace what they draw: only the last item of a kind+key needs drawing.
  const lastOfKey = new Map<string, string>();
  for (const item of items) {
    const key = applierOf(item.kind)?.rebaseKey?.(payloadOf(item));
    if (key !== undefined) lastOfKey.set(`${item.kind}|${key}`, item.id);
  }
  for (const item of items) {
    const key = applierOf(item.kind)?.rebaseKey?.(payloadOf(item));
    if (key !== undefined && lastOfKey.get(`${item.kind}|${key}`) !== item.id) continue;
    await applierOf(item.kind)?.local?.(db, payloadOf(item), item.status);
  }
}

export const pendingCount = (db: MemberDb) => db.outbox.where('status').equals('pending').count();
export const failedCount = (db: MemberDb) => db.outbox.where('status').equals('failed').count();
export const failedItems = (db: MemberDb) => db.outbox.where('status').equals('failed').sortBy('id');
/** Every item in creation order (UUIDv7 ids sort by time): the replay queue. */
export const queuedItems = (db: MemberDb) => db.outbox.orderBy('id').toArray();

/** Retry a failed item: back to pending, same id, so the server still applies it once. */
export async function retryItem(db: MemberDb, id: string): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const item = await db.outbox.get(id);
    if (!item) return;
    await db.outbox.update(id, { status: 'pending', attempts: 0, error: undefined });
    await rebase(db, item.target);
  });
}

/** Discard a failed item. The caller re-pulls its target so the optimistic change is undone. */
export async function discardItem(db: MemberDb, id: string): Promise<OutboxItem | undefined> {
  return db.transaction('rw', db.tables, async () => {
    const item = await db.outbox.get(id);
    await db.outbox.delete(id);
    if (item) await applierOf(item.kind)?.discard?.(db, payloadOf(item));
    return item;
  });
}

/**
 * The server applied `item` and answered `data`: drop the item, write the canonical
 * row in place of the optimistic one, then redraw the target's later unsent edits
 * on top of it. One transaction, so a live query never sees the row flicker back.
 */
export async function completeItem(db: MemberDb, item: OutboxItem, data: unknown): Promise<void> {
  await completeItems(db, [{ item, data }]);
}

/**
 * Several delivered items (a batch answer, in send order) finished in ONE transaction:
 * every answer is written in order, then each touched target is rebased once. The end
 * state is the one item-by-item completion would reach — a later answer overwrites an
 * earlier one, and the rebase redraws only what is still unsent — but open pages' live
 * queries wake once per batch instead of once per item, and the target's outbox rows
 * are read once instead of once per item (in Chromium each completion cost ~70 ms of
 * page work while a page was open).
 */
export async function completeItems(db: MemberDb, done: readonly { item: OutboxItem; data: unknown }[]): Promise<void> {
  if (done.length === 0) return;
  await db.transaction('rw', db.tables, async () => {
    await db.outbox.bulkDelete(done.map((d) => d.item.id));
    for (const { item, data } of done) await applierOf(item.kind)?.answer(db, payloadOf(item), data);
    for (const target of new Set(done.map((d) => d.item.target))) await rebase(db, target);
  });
}

/** The server refused `item` (a 4xx other than 401/408/429): keep it, marked failed with the server's words. */
export async function failItem(db: MemberDb, item: OutboxItem, error: NonNullable<OutboxItem['error']>): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    // The item may have been discarded while its request was in flight.
    if (!(await db.outbox.get(item.id))) return;
    await db.outbox.update(item.id, { status: 'failed', attempts: item.attempts + 1, error });
    await rebase(db, item.target);
  });
}

/** A retryable failure: count it, so the UI can show how long an item has been waiting. */
export async function noteAttempt(db: MemberDb, item: OutboxItem): Promise<void> {
  await noteAttempts(db, [item]);
}

/** noteAttempt for several items (a whole batch went unanswered), one transaction. */
export async function noteAttempts(db: MemberDb, items: readonly OutboxItem[]): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    for (const item of items) await db.outbox.update(item.id, { attempts: item.attempts + 1 });
  });
}
