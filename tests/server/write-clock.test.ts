/**
 * The embedded database's write clock (db/write-clock.ts) and what is kept by it: a read
 * only statement leaves it still, anything that may write moves it (a statement, exec, a
 * transaction once it ends, failed or not; not an update that touched no row), and a kept answer is read again after any write, including
 * one that completes while the read runs. A database without a clock reads every call
 * (PostgreSQL's clock: write-notices.test.ts).
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockWrites, keptUntilWritten, onlyReads, readTables, rowsKeptUntilWritten, setWriteClock, writeClockOf, writtenTables, type WriteClock } from '../../src/server/db/write-clock';

describe('write clock', () => {
  let client: PGlite;
  let clock: WriteClock;
  const db = {};
  beforeAll(async () => {
    client = await PGlite.create();
    clock = clockWrites(client);
    setWriteClock(db, clock);
    await client.exec('create table t (n int); create table other (n int)');
  });
  afterAll(() => client.close());

  it('tells reads from writes by the statement', () => {
    expect(onlyReads('select 1')).toBe(true);
    expect(onlyReads('  (select 1) union all (select 2)')).toBe(true);
    expect(onlyReads('with x as materialized (select 1) select * from x')).toBe(true);
    expect(onlyReads('SELECT "id" from "posts"')).toBe(true);
    expect(onlyReads('insert into t values (1)')).toBe(false);
    expect(onlyReads('with gone as (delete from t returning n) select * from gone')).toBe(false);
    expect(onlyReads('update t set n = 2')).toBe(false);
    expect(onlyReads('begin')).toBe(false);
  });

  it('names the tables a statement writes (null where it is not plain), and the tables a read reads', () => {
    expect(writtenTables('insert into "posts" ("id") values ($1)')).toEqual(['posts']);
    expect(writtenTables('update "push_jobs" set "tries" = 1')).toEqual(['push_jobs']);
    expect(writtenTables('delete from comments where id = 1')).toEqual(['comments']);
    expect(writtenTables('insert into "public"."posts" values (1)')).toEqual([null]);
    expect(writtenTables('with x as (delete from t returning n) insert into other select n from x')).toEqual(['t', 'other']);
    // Row locks and an upsert's update write no other table.
    expect(writtenTables('with due as (select id from jobs for update skip locked) update jobs j set n = 1 from due')).toEqual(['jobs']);
    expect(writtenTables('select id from t for no key update')).toEqual([null]);
    expect(writtenTables('insert into t values (1) on conflict (n) do update set n = 2')).toEqual(['t']);
    expect(writtenTables('truncate t')).toEqual([null]);
    expect(readTables('select "id" from "posts" left join "users" "author" on x where exists (select 1 from friendships f)').sort()).toEqual(['friendships', 'posts', 'users']);
    expect(readTables('select 1 from "posts" left join lateral (select "name" from "circles" where "circles"."id" = "posts"."origin_group_id" limit $1) "on_circle" on true').sort()).toEqual(['circles', 'posts']);
  });

  it('stands still for reads and moves after every possible write, failed ones too', async () => {
    const at = clock.now;
    await client.query('select count(*) from t');
    expect(clock.now).toBe(at);
    await client.query('insert into t values ($1)', [1]);
    expect(clock.now).toBe(at + 1);
    await expect(client.query('insert into missing values (1)')).rejects.toThrow(/missing/);
    expect(clock.now).toBe(at + 2);
    await client.exec('update t set n = 2');
    expect(clock.now).toBe(at + 3);
    // An update or delete that touches no row changed nothing (a job polling an empty queue).
    await client.query('update t set n = 9 where n < 0');
    await client.query('delete from t where n < 0');
    await client.transaction(async (tx) => {
      await tx.query('select count(*) from t');
      await tx.query('update t set n = 9 where n < 0');
    });
    // So does a queue's claim (a `with` choosing rows, then the update) when nothing is due.
    await client.query('with due as (select n from t where n < 0 for update skip locked) update t set n = 9 from due where t.n = due.n returning t.n');
    expect(clock.now).toBe(at + 3);
    // A write inside a `with` is not in the statement's count: it moves the clock whatever the count.
    await client.query('with gone as (delete from t where n < 0 returning n) select count(*) from gone');
    expect(clock.now).toBe(at + 4);
    await client.transaction(async (tx) => {
      await tx.query('select count(*) from t');
      await tx.query('insert into t values (3)');
      // Not yet: the transaction has not ended.
      expect(clock.now).toBe(at + 4);
    });
    expect(clock.now).toBe(at + 5);
    expect(writeClockOf(db)).toBe(clock);
    expect(writeClockOf({})).toBeUndefined();
  });

  it('keeps an answer until a write, and never keeps one a write overtook', async () => {
    const kept = keptUntilWritten<{ n: number }>(10);
    let reads = 0;
    const count = async () => {
      reads += 1;
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from t');
      return rows[0]!;
    };
    const first = await kept(db, 'k', ['t'], count);
    expect(await kept(db, 'k', ['t'], count)).toEqual(first);
    expect(reads).toBe(1);
    await client.query('insert into t values (4)');
    expect((await kept(db, 'k', ['t'], count)).n).toBe(first.n + 1);
    expect(reads).toBe(2);
    // A write completing while the read runs: that answer is not kept.
    await kept(db, 'k2', ['t'], async () => {
      const answer = await count();
      await client.query('insert into t values (5)');
      return answer;
    });
    await kept(db, 'k2', ['t'], count);
    expect(reads).toBe(4);
    // A write to a table the read does not read leaves it kept; one whose table is unknown does not.
    await client.query('insert into other values (1)');
    await kept(db, 'k2', ['t'], count);
    expect(reads).toBe(4);
    await client.exec('insert into other values (2)');
    await kept(db, 'k2', ['t'], count);
    expect(reads).toBe(5);
    // Asked again while it is read: one read for all.
    await client.query('insert into t values (6)');
    const together = await Promise.all([kept(db, 'k', ['t'], count), kept(db, 'k', ['t'], count), kept(db, 'k', ['t'], count)]);
    expect(reads).toBe(6);
    expect(together[1]).toBe(together[0]);
    // No clock (PostgreSQL): every call reads.
    await kept({}, 'k', ['t'], count);
    await kept({}, 'k', ['t'], count);
    expect(reads).toBe(8);
  });

  it('keeps rows by key, reads only the missing ones in one call, and drops them all at a write', async () => {
    const kept = rowsKeptUntilWritten<number, { n: number; at: number }>(10);
    const asked: number[][] = [];
    const read = async (missing: number[]) => {
      asked.push(missing);
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from t');
      return new Map(missing.map((k) => [k, { n: k, at: rows[0]!.n }]));
    };
    const first = await kept(db, [1, 2, 2], ['t'], read);
    expect([...first.keys()]).toEqual([1, 2]);
    expect(asked).toEqual([[1, 2]]);
    await kept(db, [2, 3, 1], ['t'], read);
    expect(asked).toEqual([[1, 2], [3]]);
    // A write to a table the rows come from: every row is read again.
    await client.query('insert into t values (7)');
    const after = await kept(db, [1, 3], ['t'], read);
    expect(asked.at(-1)).toEqual([1, 3]);
    expect(after.get(1)!.at).toBe(first.get(1)!.at + 1);
    // A write completing while they are read: not kept.
    await kept(db, [4], ['t'], async (missing) => {
      const rows = await read(missing);
      await client.query('insert into t values (8)');
      return rows;
    });
    await kept(db, [4], ['t'], read);
    expect(asked.filter((a) => a.includes(4))).toHaveLength(2);
    // A key the read does not answer (a row gone) is simply not in the answer.
    expect((await kept(db, [5], ['t'], async () => new Map())).has(5)).toBe(false);
    // No clock: every key is read every call.
    const before = asked.length;
    await kept({}, [1], ['t'], read);
    await kept({}, [1], ['t'], read);
    expect(asked.length).toBe(before + 2);
  });
});
