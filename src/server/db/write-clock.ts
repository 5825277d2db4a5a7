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
 * On PostgreSQL other processes write too: there the clock also moves on the database's own
 * notices of writes (pg-write-clock.ts).
 */
import type { PGlite } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';

/**
 * `now` moves with every write; `since(tables)` is the clock's reading at the last write that
 * may have touched any of those tables (a write whose table is not known counts for all).
 */
export type WriteClock = { readonly now: number; readonly live: boolean; since(tables: readonly string[]): number };

/**
 * Each place a statement writes (insert, update, delete, merge), with the paren depth it sits
 * at (0: the statement itself; more: inside a `with` part or a subquery) and its table, or
 * null where the statement does not name one plainly (a schema-qualified name, say).
 * Row locks (`for update`, `for no key update`) and `on conflict do update` write nothing new.
 */
const WRITE_AT = /\b(insert\s+into|update|delete\s+from|merge\s+into)\s+(?:only\s+)?("?[a-z_][a-z0-9_]*"?)(\s*\.)?/gi;
const LOCK_OR_UPSERT = /\b(for(\s+no\s+key)?|do)\s+$/i;
function writesIn(text: string): { depth: number; table: string | null }[] {
  const found: { depth: number; table: string | null }[] = [];
  let depth = 0;
  let at = 0;
  for (const m of text.matchAll(WRITE_AT)) {
    for (; at < m.index; at += 1) depth += text[at] === '(' ? 1 : text[at] === ')' ? -1 : 0;
    if (/^update/i.test(m[1]!) && LOCK_OR_UPSERT.test(text.slice(0, m.index))) continue;
    found.push({ depth, table: m[3] ? null : m[2]!.replaceAll('"', '').toLowerCase() });
  }
  return found;
}

/** The tables a statement may write; null stands for "not known: any table". */
export function writtenTables(text: string): (string | null)[] {
  const tables = writesIn(text).map((w) => w.table);
  return tables.length > 0 ? [...new Set(tables)] : [null];
}

/** The tables a statement reads (`from` and `join`, quoted or not; a `join lateral` subquery's by its own `from`): what a read kept by the clock depends on. */
export const readTables = (text: string): string[] => [
  ...new Set([...text.matchAll(/\b(?:from|join)\s+(?!lateral\s)"?([a-z_][a-z0-9_]*)"?(?=[\s),]|$)/gi)].map((m) => m[1]!.toLowerCase())),
];

const clocks = new WeakMap<object, WriteClock>();

/** A statement that only reads: a select, or a `with` whose parts are selects. */
const READ = /^[\s(]*(select\b|with\b)/i;
const WRITES = /\b(insert|update|delete|merge|truncate|copy|alter|drop|create|call)\b/i;
/** Statements that change no data: a transaction's savepoints and settings, listening. */
const CONTROL = /^\s*(savepoint|release|rollback\s+to|set|reset|show|listen|unlisten)\b/i;
export const onlyReads = (text: string): boolean => CONTROL.test(text) || (READ.test(text) && !(/^[\s(]*with\b/i.test(text) && WRITES.test(text)));

/**
 * Of a statement that may write: one whose every write is the statement itself (not inside a
 * `with` part, whose rows the count leaves out) and that touched no row changed nothing — a
 * job's poll of an empty queue, every few seconds, which must not drop every kept page.
 */
export function changedData(text: string, result: { affectedRows?: number }): boolean {
  if (result.affectedRows !== 0) return true;
  const writes = writesIn(text);
  return writes.length === 0 || writes.some((w) => w.depth > 0);
}

type Statements = Pick<PGlite, 'query' | 'exec'>;
/** A write seen: the tables it wrote (null: not known). */
type Wrote = (tables: (string | null)[]) => void;

/** Makes `target`'s query and exec report each statement that may have changed data (failed ones too: conservative). */
function watch(target: Statements, wrote: Wrote): void {
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
      if (changed) wrote(writtenTables(text));
    }
  }) as typeof target.query;
  target.exec = (async (...args: Parameters<typeof target.exec>) => {
    try {
      return await exec(...args);
    } finally {
      wrote([null]);
    }
  }) as typeof target.exec;
}

/** A clock and its hand: `tick` moves it for the tables written; `live` false means writes may go unseen (nothing is kept). */
export type ClockHand = { clock: WriteClock; tick: (tables: Iterable<string | null>) => void; setLive: (live: boolean) => void };

export function newClock(live = true): ClockHand {
  let now = 0;
  let anyTable = 0;
  const stamps = new Map<string, number>();
  const tick = (tables: Iterable<string | null>) => {
    now += 1;
    for (const table of tables) {
      if (table === null) anyTable = now;
      else stamps.set(table, now);
    }
  };
  const clock: WriteClock = {
    get now() {
      return now;
    },
    get live() {
      return live;
    },
    since: (tables) => tables.reduce((at, table) => Math.max(at, stamps.get(table) ?? 0), anyTable),
  };
  return {
    clock,
    tick,
    // Writes may have gone unseen while it was not live: everything read before is stale.
    setLive: (next) => {
      if (next !== live) tick([null]);
      live = next;
    },
  };
}

/** Wraps the client's statements so that each possible write moves the clock, once it has completed. */
export function clockWrites(client: PGlite): WriteClock {
  const { clock, tick } = newClock();
  watch(client, tick);
  // A transaction's statements run on its own handle; the clock moves once it has ended
  // (committed or rolled back), for the tables it wrote.
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: Parameters<typeof client.transaction>[0]) => {
    const wrote = new Set<string | null>();
    try {
      return await transaction((tx) => {
        watch(tx, (tables) => tables.forEach((t) => wrote.add(t)));
        return callback(tx);
      });
    } finally {
      if (wrote.size > 0) tick(wrote);
    }
  }) as typeof client.transaction;
  return clock;
}

/** Hangs a clock on the drizzle database that uses the client. */
export function setWriteClock(db: object, clock: WriteClock): void {
  clocks.set(db, clock);
}

/** The database's write clock, or undefined for a database opened without one. */
export const writeClockOf = (db: object): WriteClock | undefined => clocks.get(db);

type Kept<T> = { clock: number; value: T };
type Memo<T> = { kept: LRUCache<string, Kept<T>>; reading: Map<string, Kept<Promise<T>>> };

/**
 * A memo of reads that holds while none of the tables they read is written: `read` runs when
 * the key's answer is missing or older than the last write to `tables`, and its answer is kept
 * only if no such write completed while it ran. Callers asking for a key while it is being
 * read at the same reading of the clock share that read: after a write, a page many members
 * ask for at once is read once, not once each (they queued on the one database before).
 * Where the database has no clock, or its clock is not live (PostgreSQL's notices are not
 * being heard), every call reads. At most `max` answers a database, the least recently used
 * dropped first.
 */
export function keptUntilWritten<T extends {}>(max: number): (db: object, key: string, tables: readonly string[], read: () => Promise<T>) => Promise<T> {
  const memos = new WeakMap<object, Memo<T>>();
  return async (db, key, tables, read) => {
    const clock = writeClockOf(db);
    if (!clock?.live) return read();
    let memo = memos.get(db);
    if (!memo) memos.set(db, (memo = { kept: new LRUCache<string, Kept<T>>({ max }), reading: new Map() }));
    const before = clock.since(tables);
    const hit = memo.kept.get(key);
    if (hit?.clock === before) return hit.value;
    const pending = memo.reading.get(key);
    if (pending?.clock === before) return pending.value;
    const reading = read();
    const mine = { clock: before, value: reading };
    memo.reading.set(key, mine);
    try {
      const value = await reading;
      if (clock.since(tables) === before) memo.kept.set(key, { clock: before, value });
      return value;
    } finally {
      if (memo.reading.get(key) === mine) memo.reading.delete(key);
    }
  };
}

/**
 * keptUntilWritten for rows read in batches by key (the feed's entries, read a page at a
 * time): `read` is asked only for the keys missing or older than the last write to `tables`,
 * in one call, and what it answers is kept only if no such write completed while it ran.
 * Without a live clock every key is read. At most `max` rows a database.
 */
export function rowsKeptUntilWritten<K extends {}, T extends {}>(max: number) {
  const memos = new WeakMap<object, LRUCache<K, Kept<T>>>();
  return async (db: object, keys: readonly K[], tables: readonly string[], read: (missing: K[]) => Promise<Map<K, T>>): Promise<Map<K, T>> => {
    const clock = writeClockOf(db);
    if (!clock?.live) return read([...new Set(keys)]);
    let kept = memos.get(db);
    if (!kept) memos.set(db, (kept = new LRUCache<K, Kept<T>>({ max })));
    const before = clock.since(tables);
    const found = new Map<K, T>();
    const missing: K[] = [];
    for (const key of new Set(keys)) {
      const hit = kept.get(key);
      if (hit?.clock === before) found.set(key, hit.value);
      else missing.push(key);
    }
    if (missing.length === 0) return found;
    const rows = await read(missing);
    const current = clock.since(tables) === before;
    for (const [key, value] of rows) {
      found.set(key, value);
      if (current) kept.set(key, { clock: before, value });
    }
    return found;
  };
}
