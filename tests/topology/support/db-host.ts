/**
 * The database machine: a PostgreSQL 15 cluster of its own (the machine's binaries, run as
 * the `postgres` user: PostgreSQL refuses root), PgBouncer in transaction pooling in front of
 * it with the operators' docs/deploy/pgbouncer.ini, and a redis-server.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { MACHINES, inNs, run } from './net';
import { RUN_DIR, launch, logOf, stop, until } from './procs';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const NS = MACHINES.database.ns;
const ADDRESS = MACHINES.database.address;
/** Everything the postgres user writes: the cluster, its socket. */
const PG_DIR = path.join(RUN_DIR, 'pg');
const PG_DATA = path.join(PG_DIR, 'data');
export const PG_LOG = path.join(RUN_DIR, 'postgres.log');
const ROOT = path.resolve(import.meta.dirname, '../../..');
export const PGBOUNCER_INI = path.join(ROOT, 'docs/deploy/pgbouncer.ini');

export const PG_PORT = 5432;
export const PGBOUNCER_PORT = 6432;
export const REDIS_PORT = 6379;
export const DB_NAME = 'billionett';
export const DB_USER = 'billionett';

export type DbUrls = { direct: string; pooled: string; redis: string };

export function dbUrls(password: string): DbUrls {
  const auth = `${DB_USER}:${password}`;
  return {
    direct: `postgres://${auth}@${ADDRESS}:${PG_PORT}/${DB_NAME}`,
    pooled: `postgres://${auth}@${ADDRESS}:${PGBOUNCER_PORT}/${DB_NAME}`,
    redis: `redis://${ADDRESS}:${REDIS_PORT}`,
  };
}

const asPostgres = (argv: string[]) => inNs(NS, ['runuser', '-u', 'postgres', '--', ...argv]);
const pgCtl = (...args: string[]) => {
  const argv = asPostgres([`${PG_BIN}/pg_ctl`, '-D', PG_DATA, ...args]);
  return run(argv[0]!, argv.slice(1));
};

/** initdb, our settings, start, then the role and database the hosts use. Answers its password. */
export async function createCluster(): Promise<string> {
  mkdirSync(PG_DIR, { recursive: true });
  const uid = Number(run('id', ['-u', 'postgres']).trim());
  const gid = Number(run('id', ['-g', 'postgres']).trim());
  chownSync(PG_DIR, uid, gid);
  // pg_ctl opens its log as postgres: made here, in the run directory, with the other logs.
  writeFileSync(PG_LOG, '');
  chownSync(PG_LOG, uid, gid);
  const init = asPostgres([`${PG_BIN}/initdb`, '-D', PG_DATA, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256', '--no-sync', '-E', 'UTF8', '--locale=C']);
  run(init[0]!, init.slice(1));
  // Appended, so ours win over initdb's defaults.
  writeFileSync(
    path.join(PG_DATA, 'postgresql.conf'),
    [
      '',
      '# The topology suite (tests/topology/support/db-host.ts)',
      // 127.0.0.1 for PgBouncer beside it (the operators' pgbouncer.ini), ADDRESS for the hosts.
      `listen_addresses = '${ADDRESS},127.0.0.1'`,
      `port = ${PG_PORT}`,
      // Not /var/run/postgresql: the machine's own cluster has its socket there on this port.
      `unix_socket_directories = '${PG_DIR}'`,
      // As the README asks of a deployment: every statement is short OLTP work.
      'jit = off',
      // A throwaway cluster on a test machine: no fsync. Restarts are clean (fast shutdown
      // checkpoints), so nothing a test checks depends on it.
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'max_connections = 100',
      "log_min_messages = warning",
      '',
    ].join('\n'),
    { flag: 'a' },
  );
  writeFileSync(
    path.join(PG_DATA, 'pg_hba.conf'),
    ['local all all trust', `host all all 127.0.0.1/32 scram-sha-256`, `host all all ${ADDRESS.replace(/\.\d+$/, '.0')}/24 scram-sha-256`, ''].join('\n'),
  );
  startPostgres();
  const password = randomBytes(12).toString('hex');
  const psql = asPostgres([`${PG_BIN}/psql`, '-h', PG_DIR, '-p', String(PG_PORT), '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-q', '-f', '-']);
  // A superuser role: the migrations need one (0008 creates earthdistance, not a trusted
  // extension; 0007 alters pg_trgm's functions, which the role would not own otherwise).
  const sql = [`create role ${DB_USER} superuser login password '${password}';`, `create database ${DB_NAME} owner ${DB_USER};`, ''];
  run(psql[0]!, psql.slice(1), sql.join('\n'));
  return password;
}

export function startPostgres(): void {
  pgCtl('start', '-w', '-t', '60', '-l', PG_LOG);
}

/**
 * A fast shutdown (what an operator's restart does), then a start. Not blocking: the tests
 * keep driving the member's browser meanwhile.
 */
export async function restartPostgres(): Promise<void> {
  const argv = asPostgres([`${PG_BIN}/pg_ctl`, '-D', PG_DATA, 'restart', '-w', '-t', '60', '-m', 'fast', '-l', PG_LOG]);
  await promisify(execFile)(argv[0]!, argv.slice(1));
}

/** The immediate stop of teardown: nothing to keep. */
export function killPostgres(): void {
  try {
    pgCtl('stop', '-m', 'immediate');
  } catch {
    // Not running.
  }
}

/**
 * PgBouncer with the operators' file, only the run's own paths put in place of the file's
 * (userlist, log, pid file, socket directory): PgBouncer has no environment variables, and
 * a [pgbouncer] section after an %include starts again from the defaults. `setpriv` execs
 * (PgBouncer refuses root), so the pid is PgBouncer's.
 */
export async function startPgbouncer(password: string): Promise<void> {
  const userlist = path.join(PG_DIR, 'userlist.txt');
  writeFileSync(userlist, `"${DB_USER}" "${password}"\n`);
  const ours: Record<string, string> = { auth_file: userlist, logfile: '', pidfile: '', unix_socket_dir: PG_DIR };
  let ini = readFileSync(PGBOUNCER_INI, 'utf8');
  for (const [key, value] of Object.entries(ours)) {
    const line = new RegExp(`^${key} = .*$`, 'm');
    if (!line.test(ini)) throw new Error(`${PGBOUNCER_INI} has no "${key} = " line to put the suite's path in`);
    ini = ini.replace(line, `${key} = ${value}`);
  }
  const file = path.join(PG_DIR, 'pgbouncer.ini');
  writeFileSync(file, ini);
  for (const f of [userlist, file]) chmodSync(f, 0o644);
  launch('pgbouncer', NS, ['setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups', 'pgbouncer', file], { PATH: process.env.PATH });
  await waitPostgresVia(dbUrls(password).pooled, 'pgbouncer');
}

export async function startRedis(): Promise<void> {
  // No persistence: a killed Redis comes back empty, as the fault tests expect of a bus.
  launch('redis', NS, ['redis-server', '--bind', ADDRESS, '--port', String(REDIS_PORT), '--protected-mode', 'no', '--save', '', '--appendonly', 'no', '--dir', RUN_DIR], { PATH: process.env.PATH });
  await until(() => redisAnswers(), 10_000, () => `redis did not start:\n${logOf('redis')}`);
}

export const stopRedis = (signal: NodeJS.Signals = 'SIGKILL') => stop('redis', signal);

function redisAnswers(): boolean {
  try {
    return run('redis-cli', ['-h', ADDRESS, '-p', String(REDIS_PORT), 'ping']).trim() === 'PONG';
  } catch {
    return false;
  }
}

async function waitPostgresVia(url: string, name: string): Promise<void> {
  await until(
    async () => {
      const c = new Client({ connectionString: url });
      try {
        await c.connect();
        await c.query('select 1');
        return true;
      } catch {
        return false;
      } finally {
        await c.end().catch(() => {});
      }
    },
    15_000,
    () => `${name} does not answer:\n${logOf(name)}`,
  );
}

/**
 * What every session on the database is doing, and the advisory locks held or awaited: the
 * first thing to read when a host hangs while starting (a migration lock left on a pooled
 * backend holds every later start).
 */
export async function databaseActivity(password: string): Promise<string> {
  const c = new Client({ connectionString: dbUrls(password).direct });
  try {
    await c.connect();
    const sessions = await c.query(
      `select a.pid, host(a.client_addr) as client, a.state, a.wait_event_type as waits, l.granted as advisory_lock_granted, left(a.query, 60) as query
         from pg_stat_activity a left join pg_locks l on l.pid = a.pid and l.locktype = 'advisory'
        where a.datname = $1 order by a.pid`,
      [DB_NAME],
    );
    return sessions.rows.map((r) => JSON.stringify(r)).join('\n');
  } catch (error) {
    return `(no database activity: ${(error as Error).message})`;
  } finally {
    await c.end().catch(() => {});
  }
}
