/**
 * `npm start` (through scripts/start.mjs, which runs this file compiled): build the PWA when dist/ is missing or older than its sources, then run
 * the API server serving it, seeded with the demo community on the embedded database's first
 * start (seed/wanted.ts). Prints the address, the demo logins (when seeded) with this
 * install's demo password, and two unused activation codes. Stops cleanly on
 * SIGINT/SIGTERM.
 *
 * WORKERS=N (PostgreSQL and Redis only) runs N API processes on one port with node:cluster:
 * this process prepares (build, migrate, seed) once, then forks them and starts again any
 * that dies; the kernel's connections are handed out in turn.
 */
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isStale } from './stale.mjs';
import { buildApp } from '../src/server/app';
import { optionsFromEnv } from '../src/server/env-options';
import { drainOptions, stopOnSignals } from '../src/server/drain';
import { answerPrimary, clusterScrape, metricsListen, serveMetrics, type MetricsListen } from '../src/server/metrics/listener';
import { DataDirBusy, holderOf } from '../src/server/db/data-dir-lock';
import { exitStartFailed } from '../src/server/start-refused';
import { returnBootMemory } from '../src/server/boot-memory';
import { ensureFineLand, fineLandFile } from '../src/server/geo/fine-land';
import { resolveDemoPassword } from '../src/server/seed/demo-logins';
import { seededDemoLogins, unusedActivationCodes } from '../src/server/seed/index';
import { demoCommunityWanted } from '../src/server/seed/wanted';

const root = path.resolve(import.meta.dirname, '..');
const DIST_INDEX = path.join(root, 'dist', 'index.html');
const SOURCES = ['src/client', 'src/contract', 'src/lib', 'sw', 'public', 'manifest.webmanifest', 'index.html', 'vite.config.ts'];

function buildNeeded(): boolean {
  return isStale(DIST_INDEX, root, SOURCES);
}

function viteBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build'], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
      // The served build is always a production build, whatever NODE_ENV the server runs under.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (exit ${code})`))));
  });
}

/** Runs `node args…` with this environment; resolves when it exits 0. */
function runChild(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.at(-1)} failed (exit ${code})`))));
  });
}

const env = process.env;
const dataDir = env.DATA_DIR ?? path.join(root, 'data');
const port = Number(env.PORT ?? 8080);
const workers = workerCount(env.WORKERS);
const metrics = metricsAt();
const drain = drainOptions(env);

/** METRICS_PORT / METRICS_HOST (metrics/listener.ts); a bad port stops the start with its reason. */
function metricsAt(): MetricsListen | undefined {
  try {
    return metricsListen(env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** WORKERS: a whole number of API processes, 1 when unset. */
function workerCount(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const n = Number(value);
  if (Number.isInteger(n) && n >= 1 && n <= 64) return n;
  console.error(`WORKERS must be a whole number from 1 to 64, not "${value}".`);
  process.exit(1);
}

/** Once, before any API process: refuse what cannot work, build, migrate and seed. */
async function prepare(): Promise<void> {
  if (workers > 1 && (!env.DATABASE_URL || !env.REDIS_URL)) {
    // The embedded database belongs to one process; telex, presence and the rate limits need
    // Redis to act as one across processes.
    console.error(`WORKERS=${workers} needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis); the embedded database serves one process.`);
    process.exit(1);
  }
  // A second start on one data directory would destroy the embedded database: refuse before
  // building or seeding anything (the lock itself is taken when the database is opened).
  if (!env.DATABASE_URL) {
    const holder = await holderOf(dataDir);
    if (holder) {
      console.error(new DataDirBusy(dataDir, holder).message);
      process.exit(1);
    }
  }
  if (buildNeeded()) {
    console.log('Building the client (dist/ is missing or out of date)…');
    await viteBuild();
  }
  // Once per install (~10 s, in a child): maps at zoom 15 then never wait for it.
  if (!existsSync(fineLandFile())) {
    console.log('Cutting the fine land outline for maps (once)…');
    // Not worth refusing to start for: without it maps draw the coarse outline (geo/fine-land.ts).
    await ensureFineLand().catch((error: unknown) => console.warn(`The fine land outline could not be cut (${error instanceof Error ? error.message : String(error)}); maps will draw the coarse one.`));
  }
  // Seed in a short-lived child process: the seed's one big transaction grows the embedded
  // database's WebAssembly memory, which never shrinks; done apart, the serving process starts
  // small (BUDGETS: idle RSS ≤ 300 MB). buildApp's own seed below is then a no-op check.
  // Compiled (`npm start` runs dist-server/start.js, see scripts/build-server.mjs) the admin CLI
  // is its sibling admin.js; run from source (tsx) it is the TypeScript file.
  // Without the demo the child still runs, to refresh the planner's statistics (admin.ts analyze).
  const step = demo ? 'seed' : 'analyze';
  await runChild(compiled ? [path.join(import.meta.dirname, 'admin.js'), step] : ['--import', 'tsx', path.join(root, 'src/server/admin.ts'), step]);
}

/** Forks the API processes and keeps them running; stops them all on SIGINT/SIGTERM. */
async function runWorkers(count: number): Promise<void> {
  // One scrape here sees every API process (they answer over the cluster's IPC).
  if (metrics) await serveMetrics(metrics, clusterScrape());
  const indexOf = new Map<number, number>();
  const listening = new Set<number>();
  let stopping = false;
  const fork = (index: number) => indexOf.set(cluster.fork({ BILLIONETT_WORKER: String(index) }).id, index);
  for (let i = 1; i <= count; i++) fork(i);
  cluster.on('listening', (worker) => listening.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker.id) ?? 0;
    indexOf.delete(worker.id);
    if (stopping) {
      if (indexOf.size === 0) process.exit(0);
      return;
    }
    // A process that never listened would fail the same way again (a bad DATABASE_URL): stop.
    if (!listening.has(worker.id)) {
      console.error(`API process ${index} failed to start (${signal ?? `exit ${code}`}).`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (indexOf.size === 0) process.exit(1);
      return;
    }
    console.error(`API process ${index} (pid ${worker.process.pid}) ended (${signal ?? `exit ${code}`}); starting it again.`);
    setTimeout(() => fork(index), 1000);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Each drains (drain.ts) and exits within its DRAIN_TIMEOUT_MS; this is the backstop.
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), drain.timeoutMs + 2000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** One API process; `worker` is its number among WORKERS=N. */
async function serve(worker: number | undefined): Promise<void> {
  const host = env.HOST ?? '0.0.0.0';
  const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
  // A WORKERS process collects and its primary serves; a lone process serves its own.
  const primary = metrics && worker !== undefined ? answerPrimary() : undefined;
  // Another process may have taken the data directory since the check above.
  const app = await buildApp({
    ...optionsFromEnv(env),
    dataDir,
    owner: `npm start on port ${port}`,
    publicUrl,
    // Never on by default: the browser suite asks with DEV_TOOLS=1 (README, Configuration).
    devTools: env.DEV_TOOLS === '1',
    clientDir: path.join(root, 'dist'),
    seed: demo,
    logger: { level: env.LOG_LEVEL ?? 'warn' },
    worker,
    metrics: metrics ? { listen: worker === undefined ? metrics : undefined } : undefined,
  });
  if (primary && app.metrics) primary.report(app.metrics.registry);

  stopOnSignals(app, drain);

  await app.listen({ port, host });
  await returnBootMemory();
  // With WORKERS=N the first process speaks for all.
  if (worker !== undefined && worker !== 1) return;
  const codes = await unusedActivationCodes(app.db, 2);
  console.log(`\nBillionett is running at ${publicUrl}  (database: ${app.dbKind}${workers > 1 ? `, ${workers} API processes` : ''})`);
  const demoLogins = await seededDemoLogins(app.db);
  if (demoLogins.length > 0) {
    // The demo password is this install's own (DATA_DIR/demo-password), never a shared constant.
    const password = resolveDemoPassword(dataDir);
    console.log('Demo logins:');
    for (const email of demoLogins) console.log(`  ${email}  /  ${password}`);
  }
  if (codes.length > 0) {
    console.log('Unused activation codes:');
    for (const c of codes) console.log(`  ${c.code}  (${c.planCode})`);
  } else console.log('No unused activation codes: mint one with `npm run admin -- activation-code --plan ruby`.');
  if (!env.SMTP_URL) console.log('No SMTP_URL: mail (password-reset links) is written to this console, not sent.');
}

const compiled = import.meta.url.endsWith('.js');
const demo = demoCommunityWanted(env);
try {
  if (cluster.isWorker) {
    await serve(Number(env.BILLIONETT_WORKER));
  } else {
    await prepare();
    if (workers > 1) await runWorkers(workers);
    else await serve(undefined);
  }
} catch (error) {
  // Said to the operator in a sentence (another process holds the data, hosts disagree on a key…).
  exitStartFailed(error);
}
