/**
 * `npm run e2e`: the browser suite against the real server and database.
 * Finds Chromium at /usr/bin/chromium (CHROMIUM_PATH overrides); when missing and
 * running as root, installs Debian's `chromium` package; otherwise says how.
 * Then runs the e2e vitest project (tests/e2e/vitest.config.ts), whose global
 * setup builds the client and starts `npm start`'s server on a fresh DATA_DIR.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium(): void {
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `e2e: Chromium not found at ${chromium}.\n` +
        '  Install Debian\'s package as root:  apt-get update && apt-get install -y chromium\n' +
        '  or point CHROMIUM_PATH at a Chromium binary.',
    );
    process.exit(1);
  }
  console.log('e2e: installing Debian\'s chromium package (apt-get) …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (update.status !== 0 || install.status !== 0 || !existsSync(chromium)) {
    console.error('e2e: could not install chromium with apt-get; install it by hand: apt-get install -y chromium');
    process.exit(1);
  }
}

ensureChromium();
const args = ['vitest', 'run', '--config', 'tests/e2e/vitest.config.ts', ...process.argv.slice(2)];
const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });
process.exit(run.status ?? 1);
