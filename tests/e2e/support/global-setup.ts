/**
 * Starts the app exactly as a newcomer would (`npm start`'s `node scripts/start.mjs`, which
 * builds the client and compiles the server when stale, migrates and seeds) on a free port with a fresh DATA_DIR.
 * Before the start it mints one activation code with the admin CLI on that same
 * empty data dir (the embedded database is single-process, so never while serving).
 */
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEMO_PASSWORD } from '../../support/demo';
import { freePort } from '../../support/chaos';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    activationCode: string;
    /** More codes for suites that sign up members of their own (circle-admin.e2e.ts). */
    spareActivationCodes: string[];
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  dataDir = mkdtempSync(join(tmpdir(), 'billionett-e2e-'));
  const port = await freePort();
  // The e2e suite runs on the embedded database, as `npm start` does by default.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEV_TOOLS: '1', DEMO_PASSWORD };
  // Counters of its own in the machine's Redis: wrong sign-ins by other suites' servers (and
  // theirs by ours) must not lock this one out of 127.0.0.1.
  env.RATE_LIMIT_NAMESPACE = `e2e:${randomBytes(6).toString('hex')}:`;
  delete env.DATABASE_URL;

  const mintCode = () => {
    const mint = spawnSync('npx', ['tsx', 'src/server/admin.ts', 'activation-code', '--plan', 'ruby'], { env, encoding: 'utf8' });
    const minted = mint.stdout.trim().split('\n').pop()?.trim() ?? '';
    if (mint.status !== 0 || !minted) throw new Error(`admin activation-code failed: ${mint.stderr}`);
    return minted;
  };
  const code = mintCode();
  // One each for the files that register a member of their own (circle-admin, accounts, first-home, sessions, two-step, passkeys, data-export, account-deletion).
  const spare = [mintCode(), mintCode(), mintCode(), mintCode(), mintCode(), mintCode(), mintCode(), mintCode()];

  server = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, 240_000);
  project.provide('baseUrl', baseUrl);
  project.provide('activationCode', code);
  project.provide('spareActivationCodes', spare);

  return async () => {
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 1500));
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
