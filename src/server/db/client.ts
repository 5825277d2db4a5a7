/**
 * One Drizzle database over either embedded PGlite (default; file-backed under DATA_DIR,
 * or in memory for tests) or PostgreSQL (DATABASE_URL). Same dialect, same schema, same
 * migrations: the rest of the server sees only `Db`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './extensions';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { clockPostgresWrites, INSTALL_WRITE_NOTICES } from './pg-write-clock';
import { clockWrites, setWriteClock } from './write-clock';

/** Both drivers share this surface; a transaction (`tx`) is a Db too. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** `build(db)` once per database, then the same answer: statements prepared once and afterwards only run. */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}

/** The rows of a raw statement: both drivers (node-postgres, PGlite) answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * queryRows as a named prepared statement on PostgreSQL: each connection parses it once and,
 * after five runs, may keep a generic plan (planning a search statement cost 5–9 ms, as much
 * as running it). Named by a hash of its text, so one name is never two texts (PostgreSQL
 * refuses that). PGlite (one connection, in process) and transactions run it plainly.
 */
const dialect = new PgDialect();
export async function queryPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  return (await client.query({ name, text, values: params })).rows as T[];
}
export type DbKind = 'pglite' | 'postgres';
export type Database = {
  db: Db;
  /**
   * The feed's reads (routes/entries/feed-page.ts): statements built once, run for every
   * member. On PostgreSQL, a pool of its own whose connections keep one generic plan per
   * statement: planning a feed page afresh (PostgreSQL's choice for these, its custom plans
   * estimating cheaper) cost more than running it. Every other statement keeps the default.
   * PGlite plans each statement anyway: the same database.
   */
  feedDb: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /** The embedded data directory's lock (data-dir-lock.ts); absent in memory and on PostgreSQL. */
  lock?: DataDirLock;
  /** A consistent copy of the embedded database's files (a gzipped tar), taken in this process. */
  dump?: () => Promise<Blob>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works: it only keeps two API processes from migrating at the same moment. */
const MIGRATION_LOCK = 724_201;

/**
 * `owner` says who opens an embedded data directory ("npm start on port 8080"): another
 * opener is refused with it while we hold the directory (DataDirBusy).
 */
export async function openDatabase(options: { dataDir?: string; databaseUrl?: string; owner?: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  let dataDir: string | undefined;
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    // PGlite fails with ENOENT when the parent folder is missing (TOOLCHAIN.md).
    mkdirSync(path.dirname(dataDir), { recursive: true });
    // Before a single file is opened: a second opener must not touch them at all.
    lock = await lockDataDir(options.dataDir, options.owner ?? `process ${process.argv.slice(1).join(' ')}`);
  }
  // Postgres' default 128 MB of shared buffers is sized for a dedicated server; embedded in
  // the API process, 16 MB keeps idle RSS ~140 MB lower (BUDGETS: ≤ 300 MB) and the OS page
  // cache still holds the hot pages of a file-backed database.
  const postgresqlconf = ['shared_buffers = 16MB', 'wal_buffers = 1MB'];
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ? { dataDir, postgresqlconf, extensions: PGLITE_EXTENSIONS } : { postgresqlconf, extensions: PGLITE_EXTENSIONS });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const clock = clockWrites(client);
  const db = drizzleLite({ client });
  setWriteClock(db, clock);
  await migrateLite(db, { migrationsFolder });
  // Planner statistics (PGlite runs no autovacuum) are refreshed by the seed step that every
  // `npm start` runs in a child before serving (admin.ts seed), not here in every process.
  return {
    db: db as unknown as Db,
    feedDb: db as unknown as Db,
    kind: 'pglite',
    lock,
    dump: () => client.dumpDataDir('gzip'),
    close: async () => {
      await client.close();
      await lock?.release();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  // jit off: every statement here is a short OLTP read or write, and a search's cost
  // estimate (its visibility subplans) tipped PostgreSQL into compiling it — 1.7 s of JIT
  // for 0.1 s of work at a million entries. Set per connection, so no server change is needed.
  // PGOPTIONS (libpq's own variable) adds settings of the operator's after ours.
  const options = (...ours: string[]) => [...ours, process.env.PGOPTIONS].filter(Boolean).join(' ');
  const pool = new Pool({ connectionString: url, max: 10, options: options('-c jit=off') });
  const feedPool = new Pool({ connectionString: url, max: 6, options: options('-c jit=off', '-c plan_cache_mode=force_generic_plan') });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  feedPool.on('error', () => {});
  // Before the first connection: every one of the pool's is watched for writes.
  const notices = clockPostgresWrites(url, pool, (message) => console.warn(message));
  const db = drizzlePg({ client: pool });
  const feedDb = drizzlePg({ client: feedPool });
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(db, { migrationsFolder });
    await lock.query(INSTALL_WRITE_NOTICES);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
  await notices.ready;
  setWriteClock(db, notices.clock);
  setWriteClock(feedDb, notices.clock);
  return {
    db: db as unknown as Db,
    feedDb: feedDb as unknown as Db,
    kind: 'postgres',
    close: async () => {
      await notices.close();
      await Promise.all([pool.end(), feedPool.end()]);
    },
  };
}

/** The SQLSTATE of a database error from either driver, looking through Drizzle's wrapper. */
export function sqlState(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
