/**
 * Builds the deployment once for the whole suite and tears it down at the end: the network,
 * the database machine (PostgreSQL, PgBouncer, Redis), three API hosts, the balancer. The
 * client and server builds are fresh already (tests/topology/run.ts builds them first), so
 * no `npm start` here builds anything.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startBalancer, waitStatuses } from './support/balancer';
import { createCluster, databaseActivity, killPostgres, startPgbouncer, startRedis } from './support/db-host';
import { allLogs, writeDeployment } from './support/deployment';
import { HOSTS, hostName, startHost } from './support/hosts';
import { buildNetwork, sweep } from './support/net';
import { RUN_DIR, recordedPids } from './support/procs';
import { makePushCertificate } from './support/push';

/** What a run launches; an old pid whose command line is none of these is someone else's now. */
const OURS = /scripts\/start\.mjs|haproxy|pgbouncer|redis-server/;

function sweepEarlierRun(): void {
  for (const pid of recordedPids()) {
    try {
      if (OURS.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) process.kill(pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
  // The cluster of a run whose namespace is gone would still hold its data directory.
  if (existsSync(path.join(RUN_DIR, 'pg', 'data', 'postmaster.pid'))) killPostgres();
  sweep();
  rmSync(RUN_DIR, { recursive: true, force: true });
}

function teardown(): void {
  killPostgres();
  sweep();
  // The logs stay for a look after a failure (the next run removes them); the data goes.
  for (const entry of existsSync(RUN_DIR) ? readdirSync(RUN_DIR) : []) {
    if (!entry.endsWith('.log')) rmSync(path.join(RUN_DIR, entry), { recursive: true, force: true });
  }
}

export default async function setup(): Promise<() => void> {
  const t0 = performance.now();
  const step = (what: string) => console.log(`topology: ${what} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  sweepEarlierRun();
  mkdirSync(RUN_DIR, { recursive: true });
  // A crash of the runner between here and the teardown leaves namespaces: the next run's sweep.
  let password = '';
  try {
    buildNetwork();
    makePushCertificate();
    step('network up');
    password = await createCluster();
    await startPgbouncer(password);
    await startRedis();
    writeDeployment(password);
    step('database machine up (PostgreSQL, PgBouncer, Redis)');
    // Host 1 alone first: it migrates the empty database; then the other two together.
    await startHost(1, password);
    await Promise.all(HOSTS.slice(1).map((i) => startHost(i, password)));
    step('three API hosts answer');
    startBalancer();
    await waitStatuses(Object.fromEntries(HOSTS.map((i) => [hostName(i), 'UP'])));
    step('the balancer sees every host up');
  } catch (error) {
    const activity = password ? await databaseActivity(password) : '';
    console.error(`topology: the deployment did not come up.\n${allLogs()}\n----- database sessions\n${activity}`);
    teardown();
    throw error;
  }
  return teardown;
}
