/**
 * WORKERS=2: `npm start` runs two API processes behind one port (node:cluster) on PostgreSQL
 * and Redis, and members cannot tell. Every call here opens its own connection, so the
 * kernel's turns hand the calls to both processes (X-Billionett-Worker says which answered):
 * accounts, entries (exactly once, whichever process takes the resend), pictures (stored
 * through one, served by both), telex, a rate limit that holds across both, and a process
 * that dies and is started again. Needs DATABASE_URL and REDIS_URL (`.ci/run` sets both);
 * without them the file says why it did not run.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS } from '../../src/contract/chat';
import { API_BASE } from '../../src/contract/codes';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { MEDIA_PATHS } from '../../src/contract/media';
import { freePort } from '../support/chaos';
import { tinyPng } from '../support/media';
import { signUpMember } from '../support/processes';
import { createDatabase } from '../support/server';
import { befriend, TelexClient, type TelexLogin } from '../support/telex';

const envDatabaseUrl = process.env.DATABASE_URL;
const envRedisUrl = process.env.REDIS_URL;
const missing = [!envDatabaseUrl && 'DATABASE_URL', !envRedisUrl && 'REDIS_URL'].filter(Boolean);
// Exactly one of the two lists has an entry (the lint rightly bans conditional tests).
const notRun = missing.length > 0 ? [`workers: not run: ${missing.join(' and ')} not set (WORKERS=2 needs PostgreSQL and Redis)`] : [];
const targets = missing.length > 0 ? [] : [{ databaseUrl: envDatabaseUrl!, redisUrl: envRedisUrl! }];

describe.each(notRun)('two API processes behind one port', (reason) => {
  it('says why it did not run', () => {
    console.log(reason);
    expect(reason).toContain('not run');
  });
});

// oxlint-disable-next-line typescript/no-explicit-any -- tests read answers loosely.
type Answer = { status: number; headers: http.IncomingHttpHeaders; bytes: Buffer; body: any; worker: string };

/** One call on a connection of its own (no keep-alive), so each may reach the other process. */
function request(url: string, method: string, headers: Record<string, string> = {}, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        let parsed: unknown = null;
        if (String(res.headers['content-type']).includes('json')) parsed = JSON.parse(bytes.toString() || 'null');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, body: parsed, worker: String(res.headers['x-billionett-worker']) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(targets)('two API processes behind one port (WORKERS=2)', ({ databaseUrl, redisUrl }) => {
  let primary: ChildProcess;
  let output = '';
  let base = '';
  let dbUrl = '';
  let drop: () => Promise<void> = async () => {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'billionett-workers-'));
  const sockets: TelexClient[] = [];
  let n = 0;

  const api = (p: string) => `${base}${API_BASE}/${p}`;
  const call = (method: string, p: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    request(
      api(p),
      method,
      {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...opts.headers,
      },
      opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body)),
    );
  const member = () => signUpMember(`${base}${API_BASE}`, dbUrl, (n += 1));
  /** Repeats `run` until both processes have answered one (at most 12 tries); answers every result. */
  async function throughBoth(run: () => Promise<Answer>): Promise<Answer[]> {
    const answers: Answer[] = [];
    while (answers.length < 12 && new Set(answers.map((a) => a.worker)).size < 2) answers.push(await run());
    return answers;
  }
  const healthy = async () => (await request(api('health'), 'GET').catch(() => null))?.status === 200;

  beforeAll(async () => {
    const created = await createDatabase(databaseUrl);
    dbUrl = created.url;
    drop = created.drop;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      WORKERS: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      RATE_LIMIT_NAMESPACE: `e2e-workers:${randomBytes(6).toString('hex')}:`,
      // The rate-limit test speaks for an address of its own through the one trusted proxy.
      TRUST_PROXY: '1',
      DEMO_COMMUNITY: '0',
    };
    delete env.DEV_TOOLS;
    primary = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    primary.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    primary.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const until = Date.now() + 120_000;
    while (!output.includes('2 API processes')) {
      if (primary.exitCode !== null || Date.now() > until) throw new Error(`WORKERS=2 did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    if (primary && primary.exitCode === null) {
      const exited = new Promise((r) => primary.once('exit', r));
      primary.kill('SIGTERM');
      await exited;
    }
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('accounts: a member signed up through one process is signed in on both', async () => {
    const a = await member();
    const answers = await throughBoth(() => call('GET', `${ENTRY_PATHS.home}?pageSize=5`, { token: a.token }));
    expect(new Set(answers.map((r) => r.worker))).toEqual(new Set(['1', '2']));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const wrongPassword = await throughBoth(() => call('POST', 'auth/signIn', { body: { username: a.email, password: 'Wrong#1234' } }));
    expect(wrongPassword.map((r) => r.status)).toEqual(wrongPassword.map(() => 401));
  });

  it('entries: a resend is stored once whichever process takes it, even sent to both at once', async () => {
    const a = await member();
    const create = (userPostCode: string, key: string) =>
      call('POST', ENTRY_PATHS.create, { token: a.token, headers: { 'idempotency-key': key }, body: { userPostCode, featureCode: 5, postDescription: 'Written once', privacyCode: 1 } });
    const first = uuidv7();
    const key = uuidv7();
    const sent = [await create(first, key), ...(await throughBoth(() => create(first, key)))];
    expect(new Set(sent.map((r) => r.worker))).toEqual(new Set(['1', '2']));
    expect(sent[0]!.status).toBe(201);
    for (const again of sent.slice(1)) {
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.data.originalPost.postCode).toBe(first);
    }
    // The same write racing itself on both processes: one applies it, the other waits or replays.
    const second = uuidv7();
    const raced = await Promise.all(Array.from({ length: 4 }, () => create(second, `${key}-race`)));
    expect(raced.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const suite = await call('GET', `${ENTRY_PATHS.suite}?userCode=${a.userCode}&pageSize=50`, { token: a.token });
    const codes = (suite.body.data.userPosts as { originalPost: { postCode: string } }[]).map((p) => p.originalPost.postCode);
    expect(codes.filter((c) => c === first)).toHaveLength(1);
    expect(codes.filter((c) => c === second)).toHaveLength(1);
    expect(suite.body.totalRecords).toBe(2);
  });

  it('pictures: a file stored through one process is served by both, byte for byte', async () => {
    const a = await member();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await tinyPng())]), 'tiny.png');
    const encoded = new Request('http://form.invalid', { method: 'POST', body: form });
    const upload = await request(
      api(MEDIA_PATHS.upload),
      'POST',
      { authorization: `Bearer ${a.token}`, 'content-type': encoded.headers.get('content-type')!, 'idempotency-key': uuidv7() },
      Buffer.from(await encoded.arrayBuffer()),
    );
    expect(upload.status).toBe(201);
    const served = await throughBoth(() => request(`${base}${upload.body.data.path as string}`, 'GET'));
    expect(new Set(served.map((r) => r.worker))).toEqual(new Set(['1', '2']));
    for (const r of served) {
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
      expect(r.bytes.equals(served[0]!.bytes)).toBe(true);
    }
    expect(served[0]!.bytes.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('telex: two members on sockets of their own exchange messages, each stored once', async () => {
    const [a, b] = [await member(), await member()];
    await befriend(`${base}${API_BASE}`, a, b);
    const login = (m: TelexLogin) => TelexClient.open(base, m);
    const ca = await login(a);
    sockets.push(ca);
    const cb = await login(b);
    sockets.push(cb);
    const toB = ca.telex(b.userCode, 'Across the processes');
    await ca.next((f) => f.type === 'ack' && f.id === toB);
    expect(await cb.next((f) => f.type === 'message' && f.id === toB)).toMatchObject({ sender: a.userCode, body: 'Across the processes' });
    const toA = cb.telex(a.userCode, 'And back');
    await cb.next((f) => f.type === 'ack' && f.id === toA);
    expect(await ca.next((f) => f.type === 'message' && f.id === toA)).toMatchObject({ sender: b.userCode });
    // A resend of the same message under its id is acknowledged, never stored twice.
    ca.telex(b.userCode, 'Across the processes', toB);
    await ca.next((f) => f.type === 'ack' && f.id === toB);
    const histories = await throughBoth(() => call('GET', CHAT_PATHS.conversation(b.userCode), { token: a.token }));
    for (const h of histories) expect([h.body.totalRecords, h.body.data.chatHistory.length]).toEqual([2, 2]);
  });

  it('rate limits: 20 wrong sign-ins from one address, spread over both processes, then 429', async () => {
    const address = `203.0.113.${randomBytes(1)[0]! % 250}`;
    const statuses: number[] = [];
    const workers = new Set<string>();
    for (let i = 0; i < 21; i += 1) {
      const r = await call('POST', 'auth/signIn', { body: { username: `nobody${i}.${uuidv7()}@example.com`, password: 'Wrong#1234' }, headers: { 'x-forwarded-for': address } });
      statuses.push(r.status);
      workers.add(r.worker);
    }
    expect(workers).toEqual(new Set(['1', '2']));
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
  });

  it('a process that dies is started again, and the other answers meanwhile', async () => {
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(primary.pid)], { encoding: 'utf8' }).trim().split(/\s+/).map(Number);
    expect(children).toHaveLength(2);
    process.kill(children[0]!, 'SIGKILL');
    const until = Date.now() + 30_000;
    while (!output.includes('starting it again') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(output).toContain('starting it again');
    // Before the new process is up, every call goes to the one left.
    for (let i = 0; i < 4; i += 1) expect(await healthy()).toBe(true);
    let both = new Set<string>();
    while (both.size < 2 && Date.now() < until) {
      both = new Set((await throughBoth(() => request(api('health'), 'GET'))).filter((r) => r.status === 200).map((r) => r.worker));
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(both).toEqual(new Set(['1', '2']));
  });
});
