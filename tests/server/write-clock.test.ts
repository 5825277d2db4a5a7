/**
 * The embedded database's write clock (db/write-clock.ts) and what is kept by it: a read
 * only statement leaves it still, anything that may write moves it (a statement, exec, a
 * transaction once it ends, failed or not; not an update that touched no row), and a kept answer is read again after any write, including
 * one that completes while the read runs. PostgreSQL has no clock: every call reads.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockWrites, keptUntilWritten, onlyReads, readTables, setWriteClock, writeClockOf, writtenTable, type WriteClock } from '../../src/server/db/write-clock';

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

  it('names the table a statement writes only when it is plain, and the tables a read reads', () => {
    expect(writtenTable('insert into "posts" ("id") values ($1)')).toBe('posts');
    expect(writtenTable('update "push_jobs" set "tries" = 1')).toBe('push_jobs');
    expect(writtenTable('delete from comments where id = 1')).toBe('comments');
    expect(writtenTable('insert into "public"."posts" values (1)')).toBeNull();
    expect(writtenTable('with x as (delete from t returning n) insert into other select n from x')).toBeNull();
    expect(readTables('select "id" from "posts" left join "users" "author" on x where exists (select 1 from friendships f)').sort()).toEqual(['friendships', 'posts', 'users']);
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
    expect(clock.now).toBe(at + 3);
    await client.transaction(async (tx) => {
      await tx.query('select count(*) from t');
      await tx.query('insert into t values (3)');
      // Not yet: the transaction has not ended.
      expect(clock.now).toBe(at + 3);
    });
    expect(clock.now).toBe(at + 4);
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
    // No clock (PostgreSQL): every call reads.
    await kept({}, 'k', ['t'], count);
    await kept({}, 'k', ['t'], count);
    expect(reads).toBe(7);
  });
});
