/**
 * Crash safety of the embedded database: the server (a real process on a file-backed
 * PGlite) is killed with SIGKILL at random moments during bursts of writes, 20 rounds.
 * After each restart the database opens, every write that was answered 2xx is there, and
 * every write, answered or not, sent again with its Idempotency-Key lands exactly once:
 * nothing half-written, nothing twice. The same around the first start's migrations and
 * around the demo seed (one transaction: all of it or none).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/codes';
import { TEST_PASSWORD } from '../support/server';
import { freePort, random } from '../support/chaos';

const root = path.resolve(import.meta.dirname, '../..');
const ROUNDS = 20;
const BURST = 40;


type Server = { child: ChildProcess; base: string };

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function envFor(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return env;
}

async function start(dataDir: string, port: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env: envFor(dataDir, port), stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}${API_BASE}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${err}`);
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy: ${err}`);
}

async function kill(server: Server, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill(signal);
  await exited;
}

function admin(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/admin.ts', ...args], { cwd: root, env: envFor(dataDir, 0), encoding: 'utf8' });
}

type Member = { userCode: string; token: string };

async function member(base: string, code: string, n: number): Promise<Member> {
  const email = `crash${n}@example.com`;
  const post = (p: string, b: object) => fetch(`${base}/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
  const up = await post('auth/signUp', { emailId: email, mobileNo: '', firstName: 'Crash', lastName: `Test${n}`, displayName: `Crash ${n}`, password: TEST_PASSWORD, dateOfBirth: '1990-05-17', gender: 'male', planCode: 'ruby', activationCode: code });
  if (up.status !== 201) throw new Error(`signUp ${up.status}`);
  const answer = (await (await post('auth/signIn', { username: email, password: TEST_PASSWORD, rememberMe: true })).json()) as { data: { id: string; accessToken: string } };
  return { userCode: answer.data.id, token: answer.data.accessToken };
}

type Write = { key: string; postCode: string; text: string; answered: boolean };

const send = (base: string, m: Member, w: Write) =>
  fetch(`${base}/user/post?postType=user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json', 'idempotency-key': w.key },
    body: JSON.stringify({ userPostCode: w.postCode, featureCode: 5, postDescription: w.text, privacyCode: 3 }),
  }).then((r) => r.status, () => 0);

describe('crash safety of the embedded database', () => {
  it(`SIGKILL at random moments in ${ROUNDS} bursts of writes: answered writes kept, every write once`, { timeout: 600_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bt-crash-'));
    temps.push(dataDir);
    const port = await freePort();
    const minted = admin(dataDir, 'activation-code', '--plan', 'ruby', '--count', '2');
    const codes = minted.stdout.trim().split('\n');
    expect(minted.status).toBe(0);
    let server = await start(dataDir, port);
    const people = [await member(server.base, codes[0]!, 1), await member(server.base, codes[1]!, 2)];
    const rng = random(7);
    const writes: { m: Member; w: Write }[] = [];

    for (let round = 0; round < ROUNDS; round += 1) {
      const burst = Array.from({ length: BURST }, (_, i) => {
        const m = people[i % 2]!;
        const w: Write = { key: randomUUID(), postCode: randomUUID(), text: `round ${round} write ${i}`, answered: false };
        writes.push({ m, w });
        return { m, w };
      });
      let firstAnswer: () => void = () => undefined;
      const answeredOne = new Promise<void>((resolve) => (firstAnswer = resolve));
      const inFlight = burst.map(async ({ m, w }) => {
        await new Promise((r) => setTimeout(r, Math.floor(rng() * 200)));
        const status = await send(server.base, m, w);
        if (status >= 200 && status < 300) {
          w.answered = true;
          firstAnswer();
        }
      });
      // The kill lands at a random moment once the burst is being answered: a fresh
      // process's first write takes a few hundred ms (cold), which a fixed window missed.
      await Promise.race([answeredOne, new Promise((r) => setTimeout(r, 5000))]);
      await new Promise((r) => setTimeout(r, Math.floor(rng() * 300)));
      await kill(server);
      await Promise.all(inFlight);
      server = await start(dataDir, port);
      // Everything answered before the kill is there, whole.
      const missing: string[] = [];
      for (const { m, w } of writes.filter((x) => x.w.answered)) {
        const r = await fetch(`${server.base}/user/post/${w.postCode}`, { headers: { authorization: `Bearer ${m.token}` } });
        const body = (await r.json()) as { data?: { originalPost?: { postDescription?: string } } };
        if (r.status !== 200 || body.data?.originalPost?.postDescription !== w.text) missing.push(`${w.text}: ${r.status}`);
      }
      expect(missing).toEqual([]);
    }
    expect(writes.filter((x) => x.w.answered).length).toBeGreaterThan(0);
    expect(writes.filter((x) => !x.w.answered).length).toBeGreaterThan(0);

    // Every write sent again with its key: applied once whatever happened before.
    const refused: string[] = [];
    for (const { m, w } of writes) {
      const status = await send(server.base, m, w);
      if (status !== 201) refused.push(`${w.text}: ${status}`);
    }
    expect(refused).toEqual([]);
    for (const m of people) {
      const r = await fetch(`${server.base}/user/posts?userCode=${m.userCode}&pageNo=1&pageSize=50`, { headers: { authorization: `Bearer ${m.token}` } });
      const total = ((await r.json()) as { totalRecords: number }).totalRecords;
      expect(total).toBe(writes.filter((x) => x.m === m).length);
    }
    await kill(server, 'SIGTERM');
  });

  it('a first start killed during its migrations, and a seed killed midway, leave a database that opens whole', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bt-crash-first-'));
    temps.push(dataDir);
    const port = await freePort();
    // Killed while the fresh database is created and migrated.
    const first = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env: envFor(dataDir, port), stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 2500));
    await kill({ child: first, base: '' });
    // The demo seed (one transaction) killed midway.
    const seed = spawn(process.execPath, ['--import', 'tsx', 'src/server/admin.ts', 'seed'], { cwd: root, env: { ...envFor(dataDir, port), DEMO_PASSWORD: TEST_PASSWORD }, stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 4000));
    await kill({ child: seed, base: '' });

    const server = await start(dataDir, port);
    const r = await fetch(`${server.base}/auth/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'amara@billionett.test', password: TEST_PASSWORD }) });
    await kill(server, 'SIGTERM');
    // All of the seed or none of it: then seeding again fills it whole.
    const again = admin(dataDir, 'seed');
    expect(again.status).toBe(0);
    const outcome = { signedIn: r.status === 200, seed: again.stdout.trim() };
    expect([
      { signedIn: true, seed: 'Not seeded: 200 members already.' },
      { signedIn: false, seed: expect.stringMatching(/^Seeded 200 members in \d+ ms\.$/) },
    ]).toContainEqual(outcome);
  });
});
