/**
 * The outbox (DESIGN.md "Writes and the outbox"): a queued write is ONE Dexie
 * transaction holding the optimistic change and the outbox item, so a crash can
 * never keep one without the other.
 */
import { mutations, type MutationKind, type MutationPayload } from '../../contract/mutations';
import { uuidv7 } from '../../lib/ids';
import type { MemberDb, OutboxItem } from './db';

/**
 * Queue a write. `applyLocal` makes the optimistic change (rows marked
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
  const apply = localAppliers[kind] as LocalApplier<K> | undefined;
  await db.transaction('rw', db.tables, async () => {
    await db.outbox.add(item);
    if (apply) await apply(db, parsed, 'pending');
  });
  return item.id;
}

/** How a queued kind shows locally before the server has it. Registered by area commands. */
export type LocalApplier<K extends MutationKind> = (
  db: MemberDb,
  payload: MutationPayload<K>,
  mark: 'pending' | 'failed',
) => Promise<void>;

const localAppliers: { [K in MutationKind]?: LocalApplier<K> } = {};

export function registerLocalApplier<K extends MutationKind>(kind: K, apply: LocalApplier<K>): void {
  (localAppliers as Record<string, unknown>)[kind] = apply;
}

/** Re-apply every unsent write for `target` on top of freshly pulled rows (call inside a rw transaction). */
export async function rebase(db: MemberDb, target: string): Promise<void> {
  const items = await db.outbox.where('[target+id]').between([target, ''], [target, '\uffff']).toArray();
  for (const item of items) {
    const apply = localAppliers[item.kind] as LocalApplier<MutationKind> | undefined;
    if (apply) await apply(db, item.payload as never, item.status);
  }
}

export const pendingCount = (db: MemberDb) => db.outbox.where('status').equals('pending').count();
export const failedItems = (db: MemberDb) => db.outbox.where('status').equals('failed').sortBy('id');

/** Retry a failed item: back to pending, same id, so the server still applies it once. */
export async function retryItem(db: MemberDb, id: string): Promise<void> {
  await db.outbox.update(id, { status: 'pending', attempts: 0, error: undefined });
}

/** Discard a failed item. The caller re-pulls its target so the optimistic change is undone. */
export async function discardItem(db: MemberDb, id: string): Promise<OutboxItem | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    await db.outbox.delete(id);
    return item;
  });
}
