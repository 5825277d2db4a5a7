/**
 * `npm start` (through scripts/start.mjs, which runs this file compiled): build the PWA when dist/ is missing or older than its sources, then run
 * the API server serving it, seeded with the demo community on first start. Prints the
 * address, the two demo logins and two unused activation codes. Stops cleanly on
 * SIGINT/SIGTERM.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { isStale } from './stale.mjs';
import { buildApp } from '../src/server/app';
import { unusedActivationCodes } from '../src/server/seed/index';

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
if (buildNeeded()) {
  console.log('Building the client (dist/ is missing or out of date)…');
  await viteBuild();
}

// Seed in a short-lived child process: the seed's one big transaction grows the embedded
// database's WebAssembly memory, which never shrinks; done apart, the serving process starts
// small (BUDGETS: idle RSS ≤ 300 MB). buildApp's own seed below is then a no-op check.
// Compiled (`npm start` runs dist-server/start.js, see scripts/build-server.mjs) the admin CLI
// is its sibling admin.js; run from source (tsx) it is the TypeScript file.
const compiled = import.meta.url.endsWith('.js');
await runChild(compiled ? [path.join(import.meta.dirname, 'admin.js'), 'seed'] : ['--import', 'tsx', path.join(root, 'src/server/admin.ts'), 'seed']);

const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';
const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
const app = await buildApp({
  dataDir: env.DATA_DIR ?? path.join(root, 'data'),
  databaseUrl: env.DATABASE_URL || undefined,
  jwtSecret: env.JWT_SECRET || undefined,
  smtpUrl: env.SMTP_URL || undefined,
  publicUrl,
  production: env.NODE_ENV === 'production',
  clientDir: path.join(root, 'dist'),
  seed: true,
  logger: { level: env.LOG_LEVEL ?? 'warn' },
  redisUrl: env.REDIS_URL || undefined,
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

await app.listen({ port, host });
const { DEMO_LOGINS } = await import('../src/server/seed/demo-logins');
const codes = await unusedActivationCodes(app.db, 2);
console.log(`\nBillionett is running at ${publicUrl}  (database: ${app.dbKind})`);
console.log('Demo logins:');
for (const login of DEMO_LOGINS) console.log(`  ${login.email}  /  ${login.password}`);
console.log('Unused activation codes:');
for (const c of codes) console.log(`  ${c.code}  (${c.planCode})`);
if (env.NODE_ENV !== 'production' && !env.SMTP_URL) console.log(`Dev mailbox: ${publicUrl}/dev/mailbox`);
