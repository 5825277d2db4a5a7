/**
 * `npm run topology`: the deployment suite (tests/topology). Needs root (network namespaces)
 * and Debian's packages; as root it installs the missing ones with apt-get, as
 * tests/e2e/run.ts does for Chromium. Then builds the client and the server once, when stale,
 * before any host starts (three `npm start`s building at once in one checkout would race),
 * runs the vitest project and prints how long the suite took, the build apart.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isStale } from '../../scripts/stale.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What the suite runs, and the Debian package each comes from. */
const NEEDED: [string, string][] = [
  ['/usr/sbin/haproxy', 'haproxy'],
  ['/usr/sbin/pgbouncer', 'pgbouncer'],
  ['/usr/sbin/nft', 'nftables'],
  ['/usr/bin/redis-server', 'redis-server'],
  ['/usr/lib/postgresql/15/bin/initdb', 'postgresql-15'],
  ['/usr/bin/openssl', 'openssl'],
  [chromium, 'chromium'],
];

function ensurePackages(): void {
  const missing = NEEDED.filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  console.log(`topology: installing Debian's ${missing.join(', ')} (apt-get) …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  const still = NEEDED.filter(([file]) => !existsSync(file));
  if (update.status !== 0 || install.status !== 0 || still.length > 0) {
    console.error(`topology: could not install ${still.map(([, p]) => p).join(', ')}; apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
}

function step(what: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const run = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (run.status !== 0) {
    console.error(`topology: ${what} failed (exit ${run.status ?? run.signal})`);
    process.exit(1);
  }
}

if (process.getuid?.() !== 0) {
  console.error('topology: the suite makes network namespaces and must run as root (CI does).');
  process.exit(1);
}
ensurePackages();
const built = performance.now();
// The same check and sources as `npm start` (scripts/start.ts); were they to differ, host 1,
// which starts alone, would build before the others start.
const clientSources = ['src/client', 'src/contract', 'src/lib', 'sw', 'public', 'manifest.webmanifest', 'index.html', 'vite.config.ts'];
if (isStale(path.join(root, 'dist', 'index.html'), root, clientSources)) {
  step('the client build', 'npx', ['vite', 'build'], { ...process.env, NODE_ENV: 'production' });
}
step('the server build', process.execPath, ['scripts/build-server.mjs']);
const started = performance.now();
const args = ['vitest', 'run', '--config', 'tests/topology/vitest.config.ts', ...process.argv.slice(2)];
const run = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(`topology: build ${seconds(started - built)}, suite ${seconds(performance.now() - started)} (deployment, tests, teardown)`);
process.exit(run.status ?? 1);
