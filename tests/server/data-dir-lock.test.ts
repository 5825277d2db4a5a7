/**
 * One owner per embedded data directory, as a new user would meet it: a second server (or
 * a second `npm start`) on the same DATA_DIR is refused with a message naming the first,
 * which keeps serving; admin commands reach the running server instead of its files; a
 * SIGKILL frees the directory at once; a backup of a running server restores whole.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/codes';
import { ask, lockAddress } from '../../src/server/db/data-dir-lock';
import { TEST_PASSWORD } from '../support/server';
import { freePort } from '../support/chaos';

const root = path.resolve(import.meta.dirname, '../..');
const temps: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function envFor(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', DEMO_COMMUNITY: '0' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return env;
}

type Running = { child: ChildProcess; api: string; output: () => string };

function spawnServer(dataDir: string, port: number): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env: envFor(dataDir, port), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  return { child, api: `http://127.0.0.1:${port}${API_BASE}`, output: () => log };
}

async function healthy(server: Running): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    if (await fetch(`${server.api}/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server not healthy');
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

function admin(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/admin.ts', ...args], { cwd: root, env: envFor(dataDir, 0), encoding: 'utf8', timeout: 120_000 });
}

async function signUp(api: string, code: string, email: string): Promise<number> {
  const body = { emailId: email, mobileNo: '', firstName: 'Lock', lastName: 'Test', displayName: 'Lock Test', password: TEST_PASSWORD, dateOfBirth: '1990-05-17', gender: 'other', planCode: 'ruby', activationCode: code };
  return (await fetch(`${api}/auth/signUp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
}

const signIn = async (api: string, email: string) =>
  (await fetch(`${api}/auth/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: TEST_PASSWORD }) })).status;

describe('the embedded data directory has one owner', () => {
  it('refuses a second server and a second npm start, serves admin commands, survives SIGKILL, backs up and restores', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bt-lock-'));
    temps.push(dataDir);
    const port = await freePort();
    const first = spawnServer(dataDir, port);
    await healthy(first);

    // A second server on the same directory: refused, naming the first; the first unharmed.
    const second = spawnServer(dataDir, await freePort());
    expect(await exited(second.child)).not.toBe(0);
    expect(second.output()).toContain(`in use by process ${first.child.pid} (the API server on port ${port})`);
    const start = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: root, env: envFor(dataDir, await freePort()), encoding: 'utf8', timeout: 60_000 });
    expect(start.status).toBe(1);
    expect(start.stderr).toContain(`in use by process ${first.child.pid}`);
    expect((await fetch(`${first.api}/health`)).status).toBe(200);

    // Admin commands go through the running server.
    const minted = admin(dataDir, 'activation-code', '--plan', 'ruby', '--count', '2');
    expect(minted.status).toBe(0);
    const codes = minted.stdout.trim().split('\n');
    expect(codes).toHaveLength(2);
    expect(await signUp(first.api, codes[0]!, 'kept@example.com')).toBe(201);
    const link = admin(dataDir, 'reset-link', '--user', 'kept@example.com');
    expect(link.stdout).toMatch(/\/reset-password\/[\w-]+/);
    // What only the files' owner may do is refused while the server runs.
    const seed = admin(dataDir, 'seed');
    expect(seed.status).toBe(1);
    expect(seed.stderr).toContain(`in use by process ${first.child.pid}`);
    // The socket answers anyone who holds it, but runs commands only with the secret.
    const forged = await ask(lockAddress(dataDir), { secret: 'guess', command: 'activation-code', args: { plan: 'ruby' } });
    expect(forged).toMatchObject({ error: 'Refused: wrong admin secret.', holder: { pid: first.child.pid } });

    // Backup of the running server.
    const backup = path.join(mkdtempSync(path.join(tmpdir(), 'bt-backup-')), 'copy');
    temps.push(path.dirname(backup));
    expect(admin(dataDir, 'backup', '--out', backup).status).toBe(0);

    // SIGKILL: the kernel frees the lock, the next start opens the same data.
    first.child.kill('SIGKILL');
    await exited(first.child);
    const again = spawnServer(dataDir, port);
    await healthy(again);
    expect(await signIn(again.api, 'kept@example.com')).toBe(200);
    again.child.kill('SIGTERM');
    await exited(again.child);

    // Restore into a fresh directory: the same members.
    const fresh = mkdtempSync(path.join(tmpdir(), 'bt-restored-'));
    temps.push(fresh);
    const restored = admin(fresh, 'restore', '--from', backup);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    // A backup that does not open is refused and leaves the current database as it was.
    const broken = mkdtempSync(path.join(tmpdir(), 'bt-broken-'));
    temps.push(broken);
    writeFileSync(path.join(broken, 'pglite.tar.gz'), 'not a dump');
    expect(admin(fresh, 'restore', '--from', broken).status).not.toBe(0);
    const onRestored = spawnServer(fresh, await freePort());
    await healthy(onRestored);
    expect(await signIn(onRestored.api, 'kept@example.com')).toBe(200);
    expect(await signUp(onRestored.api, codes[1]!, 'later@example.com')).toBe(201);
    onRestored.child.kill('SIGTERM');
    await exited(onRestored.child);
    expect(readdirSync(fresh)).toContain('pglite');
  });
});
