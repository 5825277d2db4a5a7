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
import { keepDatesAsText } from './pglite-parsers';
import { useNamedStatements } from './pglite-statements';
import { PGLITE_EXTENSIONS } from './extensions';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { clockPostgresWrites, INSTALL_WRITE_NOTICES } from './pg-write-clock';
import { migrateWithLockRetries } from './migrate-lock-retries';
import { StartRefused } from '../start-refused';
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
 * refuses that). PGlite and transactions run it as any other statement (on PGlite every
 * statement is named: pglite-statements.ts).
 */
const dialect = new PgDialect();
const statementName = (text: string) => `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
export async function queryPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  // Through a transaction pooler the name is dropped anyway (sendUnnamed).
  if (!(client instanceof Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.query({ name: statementName(text), text, values: params })).rows as T[];
}

/**
 * queryPrepared for a statement whose shape is fixed and whose values change: `query` holds
 * placeholders (sql.placeholder), its text is built here once, and each run only fills the
 * values in. Building a search's statement (drizzle's sqlToQuery over its few hundred parts)
 * cost ~0.8 ms of the API's CPU a search on the slower machine, more than PostgreSQL's
 * planning of it. PGlite runs the same text and values as any other. Not for a transaction (its
 * client is neither).
 */
export function statementOnce<T>(query: SQL): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(text);
  return async (db, values) => {
    const client = (db as { $client?: unknown }).$client as { query: (...args: unknown[]) => Promise<{ rows: T[] }> };
    const filled = fillPlaceholders(params, values);
    if (client instanceof Pool) return (await client.query({ name, text, values: filled })).rows;
    return (await client.query(text, filled)).rows;
  };
}
export type DbKind = 'pglite' | 'postgres';
export type Database = {
  db: Db;
  /**
   * The feed's reads (routes/entries/feed-page.ts): statements built once, run for every
   * member. On PostgreSQL, a pool of its own whose connections keep one generic plan per
   * statement: planning a feed page afresh (PostgreSQL's choice for these, its custom plans
   * estimating cheaper) cost more than running it. Every other statement keeps the default.
   * PGlite: the same database; its statements are named, and PostgreSQL keeps a plan where it
   * finds that cheaper (pglite-statements.ts).
   */
  feedDb: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /** The embedded data directory's lock (data-dir-lock.ts); absent in memory and on PostgreSQL. */
  lock?: DataDirLock;
  /** The node-postgres pools' connection counts, read by the metrics (metrics/); absent on PGlite. */
  poolStats?: () => { pool: 'main' | 'feed'; total: number; idle: number; waiting: number }[];
  /** A consistent copy of the embedded database's files (a gzipped tar), taken in this process. */
  dump?: () => Promise<Blob>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works: it only keeps two API processes from migrating at the same moment. */
const MIGRATION_LOCK = 724_201;

export type DatabaseOptions = {
  dataDir?: string;
  databaseUrl?: string;
  owner?: string;
  /**
   * In memory only: start as a copy of this dump (`Database.dump`) of a migrated database
   * rather than from an empty cluster, whose initdb takes 2–3 s. The migrations still run on
   * it. Test servers start hundreds of databases (tests/support/pglite-template.ts).
   */
  memoryTemplate?: Blob;
} & PostgresOptions;

/**
 * `owner` says who opens an embedded data directory ("npm start on port 8080"): another
 * opener is refused with it while we hold the directory (DataDirBusy).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
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
    client = await PGlite.create(
      dataDir ? { dataDir, postgresqlconf, extensions: PGLITE_EXTENSIONS } : { postgresqlconf, extensions: PGLITE_EXTENSIONS, loadDataDir: options.memoryTemplate },
    );
  } catch (error) {
    await lock?.release();
    throw error;
  }
  // First: the wrappers below wrap its query, not PGlite's.
  useNamedStatements(client);
  keepDatesAsText(client);
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

export type DatabasePooling = 'session' | 'transaction';
export type PostgresOptions = {
  /** PostgreSQL straight (DATABASE_DIRECT_URL), when DATABASE_URL goes through a pooler. */
  directUrl?: string;
  /**
   * 'transaction': DATABASE_URL is a transaction pooler (PgBouncer's pool_mode = transaction),
   * where consecutive statements of one client may run on different server connections. Such
   * a pooler keeps no named prepared statement (PgBouncer before 1.21) and passes no startup
   * `options`; migrations' session lock and the LISTEN of the write notices need the direct URL.
   */
  pooling?: DatabasePooling;
};

/** A DATABASE_POOLING value: unset or 'session' (a plain connection or a session pooler), or 'transaction'. */
export function databasePooling(value: string | undefined): DatabasePooling {
  if (value === undefined || value === '' || value === 'session') return 'session';
  if (value === 'transaction') return 'transaction';
  throw new StartRefused(`DATABASE_POOLING must be "session" or "transaction", not "${value}".`);
}

type QueryConfig = { name?: unknown; text?: unknown };

/**
 * Through a transaction pooler a named statement prepared on one server connection is missing
 * on the next ("prepared statement … does not exist"): every query is sent unnamed instead
 * (parsed and planned each time; the price is measured by the topology bench).
 */
function sendUnnamed(client: { query: (...args: unknown[]) => unknown }): void {
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const first = args[0] as QueryConfig | string | undefined;
    if (first && typeof first === 'object' && 'name' in first) {
      const { name: _name, ...unnamed } = first;
      args[0] = unnamed;
    }
    return query(...args);
  };
}

async function openPostgres(url: string, pg: PostgresOptions = {}): Promise<Database> {
  const pooled = pg.pooling === 'transaction';
  if (pooled && !pg.directUrl) {
    throw new StartRefused('DATABASE_POOLING=transaction needs DATABASE_DIRECT_URL (PostgreSQL itself, not the pooler): migrations hold a session lock and the write notices LISTEN, neither of which a transaction pooler keeps.');
  }
  const direct = pg.directUrl ?? url;
  // jit off: every statement here is a short OLTP read or write, and a search's cost
  // estimate (its visibility subplans) tipped PostgreSQL into compiling it — 1.7 s of JIT
  // for 0.1 s of work at a million entries. Set per connection, so no server change is needed.
  // PGOPTIONS (libpq's own variable) adds settings of the operator's after ours. A transaction
  // pooler passes no startup options: there jit = off is the server's setting (docs/deploy).
  const options = (...ours: string[]) => (pooled ? undefined : [...ours, process.env.PGOPTIONS].filter(Boolean).join(' '));
  const pool = new Pool({ connectionString: url, max: 10, options: options('-c jit=off') });
  const feedPool = new Pool({ connectionString: url, max: 6, options: options('-c jit=off', '-c plan_cache_mode=force_generic_plan') });
  // A broken connection must not crash the process. An idle one: the pool replaces it. One
  // checked out (a transaction between statements when PostgreSQL restarts: 57P01) emits
  // 'error' on its client, which pg-pool does not listen to then, so it would be thrown; its
  // statements fail (503, plugins/errors.ts) and the pool drops it when it is released.
  for (const p of [pool, feedPool]) {
    p.on('error', () => {});
    p.on('connect', (client) => client.on('error', () => {}));
  }
  if (pooled) {
    pool.on('connect', sendUnnamed);
    feedPool.on('connect', sendUnnamed);
  }
  // Before the first connection: every one of the pool's is watched for writes.
  const notices = clockPostgresWrites(direct, pool, (message) => console.warn(message));
  const db = drizzlePg({ client: pool });
  const feedDb = drizzlePg({ client: feedPool });
  // Migrations run on PostgreSQL itself, under a session lock only a direct connection keeps.
  const migrator = pg.directUrl ? new Pool({ connectionString: direct, max: 2, options: '-c jit=off' }) : pool;
  try {
    const lock = await migrator.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      // On the locked connection itself, so that its lock_timeout applies (migrate-lock-retries.ts).
      await migrateWithLockRetries(lock, async () => {
        await migratePg(drizzlePg({ client: lock }), { migrationsFolder });
        await lock.query(INSTALL_WRITE_NOTICES);
      });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
  } catch (error) {
    // A failed migration (a missing privilege, say) must end the start, not leave it idling
    // on open connections.
    await Promise.allSettled([notices.close(), pool.end(), feedPool.end()]);
    throw error;
  } finally {
    if (migrator !== pool) await migrator.end().catch(() => {});
  }
  await notices.ready;
  setWriteClock(db, notices.clock);
  setWriteClock(feedDb, notices.clock);
  return {
    db: db as unknown as Db,
    feedDb: feedDb as unknown as Db,
    kind: 'postgres',
    poolStats: () => [
      { pool: 'main', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
      { pool: 'feed', total: feedPool.totalCount, idle: feedPool.idleCount, waiting: feedPool.waitingCount },
    ],
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
