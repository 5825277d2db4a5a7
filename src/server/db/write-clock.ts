/**
 * The embedded database's write clock: a number that moves after every statement that may
 * have changed data, so a read remembered at one reading of the clock is known to be current
 * while the clock still reads the same. It makes the feed's page cache exact (routes/entries/
 * feed-page.ts): only this process opens the embedded data directory (data-dir-lock.ts), so
 * every write to it passes here — a route's, a job's, the admin channel's, a migration's.
 *
 * A read takes the clock before it starts and keeps its answer only if the clock still reads
 * the same when it ends: a write that completes while it runs (PGlite runs one statement at a
 * time) moves the clock first or after, and either way the answer is not kept as current.
 * PostgreSQL has no such clock: other processes write to it too.
 */
import type { PGlite } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';

export type WriteClock = { readonly now: number };

const clocks = new WeakMap<object, WriteClock>();

/** A statement that only reads: a select, or a `with` whose parts are selects. */
const READ = /^[\s(]*(select\b|with\b)/i;
const WRITES = /\b(insert|update|delete|merge|truncate|copy|alter|drop|create|call)\b/i;
export const onlyReads = (text: string): boolean => READ.test(text) && !(/^[\s(]*with\b/i.test(text) && WRITES.test(text));

/** An insert, update, delete or merge that touched no row changed nothing (a job's poll of an empty queue, every few seconds). */
const CHANGES_ROWS = /^[\s(]*(insert|update|delete|merge)\b/i;
const changedData = (text: string, result: { affectedRows?: number }): boolean => !onlyReads(text) && !(CHANGES_ROWS.test(text) && result.affectedRows === 0);

type Statements = Pick<PGlite, 'query' | 'exec'>;

/** Makes `target`'s query and exec call `wrote` after each statement that may have changed data (failed ones too: conservative). */
function watch(target: Statements, wrote: () => void): void {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = (async (text: string, ...rest: unknown[]) => {
    if (onlyReads(text)) return query(text, ...(rest as []));
    let changed = true;
    try {
      const result = await query(text, ...(rest as []));
      changed = changedData(text, result);
      return result;
    } finally {
      if (changed) wrote();
    }
  }) as typeof target.query;
  target.exec = (async (...args: Parameters<typeof target.exec>) => {
    try {
      return await exec(...args);
    } finally {
      wrote();
    }
  }) as typeof target.exec;
}

/** Wraps the client's statements so that each possible write moves the clock, once it has completed. */
export function clockWrites(client: PGlite): WriteClock {
  const clock = { now: 0 };
  const tick = () => {
    clock.now += 1;
  };
  watch(client, tick);
  // A transaction's statements run on its own handle; the clock moves once it has ended
  // (committed or rolled back), if any of them may have written.
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: Parameters<typeof client.transaction>[0]) => {
    let wrote = false;
    try {
      return await transaction((tx) => {
        watch(tx, () => {
          wrote = true;
        });
        return callback(tx);
      });
    } finally {
      if (wrote) tick();
    }
  }) as typeof client.transaction;
  return clock;
}

/** Hangs a clock on the drizzle database that uses the client. */
export function setWriteClock(db: object, clock: WriteClock): void {
  clocks.set(db, clock);
}

/** The database's write clock, or undefined where writes are not all seen here (PostgreSQL). */
export const writeClockOf = (db: object): WriteClock | undefined => clocks.get(db);

type Kept<T> = { clock: number; value: T };

/**
 * A memo of reads that holds while the database's clock stands still: `read` runs when the
 * key's answer is missing or older than the last write, and its answer is kept only if no
 * write completed while it ran. Where the database has no clock (PostgreSQL), every call reads.
 * At most `max` answers a database, the least recently used dropped first.
 */
export function keptUntilWritten<T extends {}>(max: number): (db: object, key: string, read: () => Promise<T>) => Promise<T> {
  const kept = new WeakMap<object, LRUCache<string, Kept<T>>>();
  return async (db, key, read) => {
    const clock = writeClockOf(db);
    if (!clock) return read();
    let memo = kept.get(db);
    if (!memo) kept.set(db, (memo = new LRUCache<string, Kept<T>>({ max })));
    const hit = memo.get(key);
    if (hit?.clock === clock.now) return hit.value;
    const before = clock.now;
    const value = await read();
    if (clock.now === before) memo.set(key, { clock: before, value });
    return value;
  };
}
