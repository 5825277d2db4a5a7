/**
 * The write clock on PostgreSQL (db/pg-write-clock.ts): two API processes on one database are
 * two opened databases here. A page kept by one is read again after the other writes (the
 * database's notice), at once after its own write (no notice awaited), and nothing is kept
 * while the notices cannot be heard. Every table carries the notice trigger (installed at
 * each start, db/pg-write-clock.ts) — a table without it would be kept past its writes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/server/db/client';
import { keptUntilWritten, writeClockOf } from '../../src/server/db/write-clock';
import { createDatabase } from '../support/postgres';

const serverUrl = process.env.DATABASE_URL;

/** Waits (up to 2 s) for `check` to hold: a notice crosses a connection. */
async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

const tablesWithoutNotice = (d: Database) =>
  queryRows<{ table: string }>(
    d.db,
    sql`select c.relname as "table" from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p')
          and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'billionett_written')`,
  );

describe.runIf(serverUrl)('write notices on PostgreSQL', () => {
  let drop: () => Promise<void>;
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    const made = await createDatabase(serverUrl!, 'bt_notices');
    drop = made.drop;
    a = await openDatabase({ databaseUrl: made.url });
    b = await openDatabase({ databaseUrl: made.url });
    await a.db.execute(sql`create table notice_probe (n int)`);
    // A table made after the start gets its trigger at the next start (here: by hand, as it would).
    await a.db.execute(sql`create trigger billionett_written after insert or update or delete or truncate on notice_probe for each statement execute function billionett_written()`);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('every table carries the notice trigger', async () => {
    expect(await tablesWithoutNotice(a)).toEqual([]);
  });

  it("keeps a read until any process writes what it read, its own write at once", async () => {
    const kept = keptUntilWritten<{ n: number }>(10);
    let reads = 0;
    const count = (d: Database) => async () => {
      reads += 1;
      return (await queryRows<{ n: number }>(d.db, sql`select count(*)::int as n from notice_probe`))[0]!;
    };
    expect(writeClockOf(b.db)?.live).toBe(true);
    const first = await kept(b.db, 'k', ['notice_probe'], count(b));
    await kept(b.db, 'k', ['notice_probe'], count(b));
    expect(reads).toBe(1);

    // Another process's write: b hears of it from the database.
    const clock = writeClockOf(b.db)!;
    const before = clock.since(['notice_probe']);
    await a.db.execute(sql`insert into notice_probe values (1)`);
    await eventually(() => clock.since(['notice_probe']) > before);
    expect((await kept(b.db, 'k', ['notice_probe'], count(b))).n).toBe(first.n + 1);
    expect(reads).toBe(2);

    // Its own write, in a transaction: read again at once, no notice awaited.
    await b.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notice_probe values (2)`);
    });
    expect((await kept(b.db, 'k', ['notice_probe'], count(b))).n).toBe(first.n + 2);
    expect(reads).toBe(3);
    // And outside a transaction (the pool's own query, answered through a callback).
    await b.db.execute(sql`insert into notice_probe values (3)`);
    expect((await kept(b.db, 'k', ['notice_probe'], count(b))).n).toBe(first.n + 3);
    expect(reads).toBe(4);

  });

  it('keeps nothing while the notices cannot be heard, and drops what it kept when they can again', async () => {
    const kept = keptUntilWritten<{ n: number }>(10);
    let reads = 0;
    const count = async () => {
      reads += 1;
      return (await queryRows<{ n: number }>(b.db, sql`select count(*)::int as n from notice_probe`))[0]!;
    };
    await kept(b.db, 'k', ['notice_probe'], count);
    // The listening connection is cut (as a restarted database or a network fault would).
    await queryRows(a.db, sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen billionett_writes' and datname = current_database()`);
    const clock = writeClockOf(b.db)!;
    await eventually(() => !clock.live);
    await kept(b.db, 'k', ['notice_probe'], count);
    await kept(b.db, 'k', ['notice_probe'], count);
    expect(reads).toBe(3);
    await eventually(() => clock.live);
    await kept(b.db, 'k', ['notice_probe'], count);
    await kept(b.db, 'k', ['notice_probe'], count);
    expect(reads).toBe(4);
  }, 20_000);
});
