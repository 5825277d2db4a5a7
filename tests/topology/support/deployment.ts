/**
 * The harness the topology tests (and the fault tests to come) drive the deployment with.
 * The global setup (tests/topology/global-setup.ts) builds the deployment once and writes
 * what it made to `<run dir>/state.json`; every function here works from that file, in any
 * process, so a test file can stop and start what the global setup started.
 *
 *   deployment()             the addresses: balancer, each host, PostgreSQL, PgBouncer, Redis
 *   stopHost(i, signal)      SIGTERM (a clean stop) or SIGKILL (a crash) of API host i (1–3)
 *   startHost(i, release?)   host i's `npm start` again (from a release directory, for a deploy), waiting until it answers
 *   restartPostgres()        fast shutdown and start, as an operator's restart
 *   stopRedis() / startRedis()        SIGKILL of Redis, and a fresh (empty) start
 *   cutRedis(i) / healRedis(i)        a firewall rule in host i's namespace dropping its Redis traffic
 *   logs(name)               the tail of a process's output (api1…3, haproxy, pgbouncer, redis, postgres)
 *   hostStatuses()           what the balancer's health checks see; waitStatuses, setHostState
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BALANCER_URL, hostStatuses, setHostState, waitStatuses } from './balancer';
import * as db from './db-host';
import * as hosts from './hosts';
import { MACHINES, cut, heal } from './net';
import { RUN_DIR, logOf } from './procs';

export { hostStatuses, setHostState, waitStatuses };
export { HOSTS, hostName, type HostIndex } from './hosts';
export { SPRAYER_ADDRESS } from './net';

export type Deployment = {
  /** Where members go: the balancer. */
  balancer: string;
  /** Each API host's own address (for the harness; members never use them). */
  hosts: Record<hosts.HostIndex, string>;
  /** PostgreSQL itself, and PgBouncer in front of it (the hosts' DATABASE_URL). */
  postgresUrl: string;
  pgbouncerUrl: string;
  redisUrl: string;
  /** The database role's password (generated per run). */
  dbPassword: string;
};

const STATE = path.join(RUN_DIR, 'state.json');

export function writeDeployment(dbPassword: string): Deployment {
  const urls = db.dbUrls(dbPassword);
  const state: Deployment = {
    balancer: BALANCER_URL,
    hosts: { 1: hosts.hostUrl(1), 2: hosts.hostUrl(2), 3: hosts.hostUrl(3) },
    postgresUrl: urls.direct,
    pgbouncerUrl: urls.pooled,
    redisUrl: urls.redis,
    dbPassword,
  };
  writeFileSync(STATE, JSON.stringify(state, null, 2));
  return state;
}

export function deployment(): Deployment {
  if (!existsSync(STATE)) throw new Error(`No deployment at ${RUN_DIR}: run the suite with \`npm run topology\`.`);
  return JSON.parse(readFileSync(STATE, 'utf8')) as Deployment;
}

export const stopHost = (i: hosts.HostIndex, signal: NodeJS.Signals = 'SIGTERM') => hosts.stopHost(i, signal);
export const startHost = (i: hosts.HostIndex, release?: string) => hosts.startHost(i, deployment().dbPassword, undefined, release);
export const restartPostgres = () => db.restartPostgres();
export const stopRedis = () => db.stopRedis('SIGKILL');
export const startRedis = () => db.startRedis();
/** `drop` (default) is a silent partition; `reject` answers every packet with a reset. */
export const cutRedis = (i: hosts.HostIndex, how: 'drop' | 'reject' = 'drop') =>
  cut(MACHINES[hosts.hostName(i)].ns, MACHINES.database.address, db.REDIS_PORT, how);
export const healRedis = (i: hosts.HostIndex) => heal(MACHINES[hosts.hostName(i)].ns);

/** The tail of a process's output; `postgres` is the cluster's log. */
export function logs(name: string, chars = 20_000): string {
  if (name === 'postgres') return existsSync(db.PG_LOG) ? readFileSync(db.PG_LOG, 'utf8').slice(-chars) : '(no postgres log)';
  return logOf(name, chars);
}

/** Every process's log tail, for a failure message. */
export const allLogs = (chars = 3000) =>
  ['haproxy', 'api1', 'api2', 'api3', 'pgbouncer', 'redis', 'postgres'].map((n) => `----- ${n}\n${logs(n, chars)}`).join('\n');

/** Runs `check`; when it fails, `context` (every process's log tail by default) is added to its message. */
export function explained<T>(check: () => T, context: () => string = () => allLogs()): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof Error) error.message += `\n${context()}`;
    throw error;
  }
}

/** `explained` for an awaited check (expect.poll), with a context that may itself await. */
export async function explainedAsync(check: () => Promise<unknown>, context: () => Promise<string> | string): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof Error) error.message += `\n${await context()}`;
    throw error;
  }
}
