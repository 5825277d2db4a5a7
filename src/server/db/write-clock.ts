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

/** Wraps the client's statements so that each possible write moves the clock (once it has completed, failed or not). */
export function clockWrites(client: PGlite): WriteClock {
  const clock = { now: 0 };
  const tick = () => {
    clock.now += 1;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (text: string, ...rest: unknown[]) => {
    if (onlyReads(text)) return query(text, ...(rest as []));
    try {
      return await query(text, ...(rest as []));
    } finally {
      tick();
    }
  }) as typeof client.query;
  client.exec = (async (...args: Parameters<typeof client.exec>) => {
    try {
      return await exec(...args);
    } finally {
      tick();
    }
  }) as typeof client.exec;
  // A transaction's statements run on its own handle: the clock moves when it ends.
  client.transaction = (async (...args: Parameters<typeof client.transaction>) => {
    try {
      return await transaction(...args);
    } finally {
      tick();
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
