/**
 * The three API machines: each runs `npm start` as the README runs it (`node
 * scripts/start.mjs`) from this checkout, with a DATA_DIR of its own and the configuration a
 * deployment behind one balancer gets. No JWT_SECRET: hosts configured as the README says
 * must agree on their signing keys through the database, not through a secret copied by hand.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { API_PORT, BALANCER_URL } from './balancer';
import { dbUrls } from './db-host';
import { MACHINES } from './net';
import { RUN_DIR, alive, launch, logOf, pidOf, stop, until } from './procs';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export const HOSTS = [1, 2, 3] as const;
export type HostIndex = (typeof HOSTS)[number];

export const hostName = (i: HostIndex) => `api${i}` as const;
export const hostUrl = (i: HostIndex) => `http://${MACHINES[hostName(i)].address}:${API_PORT}`;
export const dataDirOf = (i: HostIndex) => path.join(RUN_DIR, hostName(i), 'data');
/** The push service's certificate, trusted by the hosts (tests/topology/support/push.ts). */
export const PUSH_CA = path.join(RUN_DIR, 'push-cert.pem');

/** The environment of host `i`: the README's deployment configuration, nothing of the runner's. */
export function hostEnv(i: HostIndex, dbPassword: string): NodeJS.ProcessEnv {
  const urls = dbUrls(dbPassword);
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(API_PORT),
    HOST: MACHINES[hostName(i)].address,
    DATA_DIR: dataDirOf(i),
    DATABASE_URL: urls.pooled,
    DATABASE_DIRECT_URL: urls.direct,
    DATABASE_POOLING: 'transaction',
    REDIS_URL: urls.redis,
    TRUST_PROXY: '1',
    PUBLIC_URL: BALANCER_URL,
    DEMO_COMMUNITY: '0',
    // The suite's push service is https on the client's 198.18.0.0/15 address, a reserved
    // range hosts refuse unless named, with a certificate of its own; a real deployment's push
    // services are public, with public certificates.
    PUSH_ENDPOINT_HOSTS: MACHINES.client.address,
    NODE_EXTRA_CA_CERTS: PUSH_CA,
    // docs/operations.md: the balancer's checks (inter 1s × fall 2) see readiness 503 before the port closes.
    DRAIN_GRACE_MS: '2000',
  };
}

/** Is host `i` answering on its own address? (Liveness: the balancer asks for readiness.) */
async function answers(i: HostIndex): Promise<boolean> {
  try {
    return (await fetch(`${hostUrl(i)}/api/v1/health`, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
}

/**
 * Starts host `i` and waits until it answers: `npm start` in this checkout, or in `release`
 * (a release directory laid out as this checkout, see support/release.ts) for a deploy.
 */
export async function startHost(i: HostIndex, dbPassword: string, timeoutMs = 90_000, release = ROOT): Promise<void> {
  mkdirSync(dataDirOf(i), { recursive: true });
  const pid = launch(hostName(i), MACHINES[hostName(i)].ns, [process.execPath, 'scripts/start.mjs'], hostEnv(i, dbPassword), release);
  await until(
    async () => {
      if (!alive(pid)) throw new Error(`${hostName(i)} exited while starting:\n${logOf(hostName(i))}`);
      return answers(i);
    },
    timeoutMs,
    () => `${hostName(i)} did not answer within ${timeoutMs} ms:\n${logOf(hostName(i))}`,
  );
}

/** Stops host `i` with `signal` (SIGTERM: a clean stop; SIGKILL: a crash) and waits until it is gone. */
export async function stopHost(i: HostIndex, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  await stop(hostName(i), signal);
}

export const hostRunning = (i: HostIndex) => {
  const pid = pidOf(hostName(i));
  return pid !== null && alive(pid);
};
