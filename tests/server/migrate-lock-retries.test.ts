/**
 * A migration that finds its table in use (db/migrate-lock-retries.ts): it waits only
 * briefly, so the reads queued behind it go on; it says who holds the table and tries again
 * until the table is free; and past its deadline it gives up with a message, not a hang.
 */
import { Pool, type PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateWithLockRetries } from '../../src/server/db/migrate-lock-retries';
import { createDatabase } from '../support/postgres';

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('migrations and a table in use', () => {
  let drop: () => Promise<void>;
  let pool: Pool;
  beforeAll(async () => {
    const made = await createDatabase(serverUrl!, 'bt_lock_retries');
    drop = made.drop;
    pool = new Pool({ connectionString: made.url, max: 6 });
    await pool.query('create table probe (n int)');
    await pool.query('insert into probe values (1)');
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await drop?.();
  });

  /** A session that read `probe` in a transaction it keeps open, as a long request or a forgotten psql would. */
  async function holdProbe(): Promise<PoolClient> {
    const holder = await pool.connect();
    await holder.query('begin');
    await holder.query('select * from probe');
    return holder;
  }

  const addColumn = (client: PoolClient, column: string) => async () => {
    await client.query('begin');
    try {
      await client.query(`alter table probe add column ${column} int`);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  };

  it('waits briefly, lets the reads behind it through, says who holds the table, and migrates once it is free', async () => {
    const holder = await holdProbe();
    const migrator = await pool.connect();
    const warnings: string[] = [];
    try {
      const migrating = migrateWithLockRetries(migrator, addColumn(migrator, 'added'), { lockTimeoutMs: 300, warn: (m) => warnings.push(m) });
      // A read from another session while the migration waits: answered within its timeout, not after the holder.
      await new Promise((r) => setTimeout(r, 50));
      const started = Date.now();
      const { rows } = await pool.query<{ n: number }>('select n from probe');
      expect(rows).toEqual([{ n: 1 }]);
      expect(Date.now() - started).toBeLessThan(1500);
      // The holder lets go after the first attempt timed out.
      await expect.poll(() => warnings.length, { timeout: 5000, interval: 50 }).toBeGreaterThan(0);
      await holder.query('commit');
      await migrating;
      expect(warnings[0]).toMatch(/^Migrations: a table was in use for 300 ms \(attempt 1; pid \d+ idle in transaction for \d+ s: select \* from probe\); trying again in 1 s\.$/);
      const columns = await pool.query("select 1 from information_schema.columns where table_name = 'probe' and column_name = 'added'");
      expect(columns.rowCount).toBe(1);
      // Its lock_timeout does not follow the connection back into the pool.
      expect((await migrator.query('show lock_timeout')).rows[0].lock_timeout).toBe('0');
    } finally {
      holder.release();
      migrator.release();
    }
  }, 30_000);

  it('gives up past its deadline with the holder named, and leaves nothing half done', async () => {
    const holder = await holdProbe();
    const migrator = await pool.connect();
    try {
      const failed = await migrateWithLockRetries(migrator, addColumn(migrator, 'never'), { lockTimeoutMs: 200, deadlineMs: 100, warn: () => {} }).catch((e: Error) => e);
      expect(failed).toBeInstanceOf(Error);
      expect((failed as Error).message).toMatch(/^Migrations waited 0\.\d s for a table's lock and gave up \(pid \d+ idle in transaction/);
      await holder.query('commit');
      const columns = await pool.query("select 1 from information_schema.columns where table_name = 'probe' and column_name = 'never'");
      expect(columns.rowCount).toBe(0);
    } finally {
      holder.release();
      migrator.release();
    }
  }, 30_000);

  it('lets any other failure through at once', async () => {
    const migrator = await pool.connect();
    try {
      let calls = 0;
      const failed = await migrateWithLockRetries(migrator, async () => {
        calls += 1;
        await migrator.query('select * from no_such_table');
      }).catch((e: { code?: string }) => e);
      expect({ calls, code: (failed as { code?: string }).code }).toEqual({ calls: 1, code: '42P01' });
    } finally {
      migrator.release();
    }
  });
});
