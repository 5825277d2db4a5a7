/**
 * Real API processes (`node --import tsx src/server/main.ts`) on one fresh PostgreSQL
 * database, for what only several processes show (telex across processes through Redis)
 * and for benchmarks that must measure a real process.
 * Members are signed up through the real calls; activation codes go straight into the db.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '../../src/contract/codes';
import { freePort } from './chaos';
import { createDatabase, onPostgres } from './postgres';
import type { TelexLogin } from './telex';

const root = path.resolve(import.meta.dirname, '../..');

export type ApiProcess = { url: string; api: string; child: ChildProcess; output: () => string };
export type Cluster = {
  processes: ApiProcess[];
  /** The processes' shared database (a test's own app may open it too). */
  databaseUrl: string;
  signUp(via: ApiProcess): Promise<TelexLogin>;
  close(): Promise<void>;
};

async function waitHealthy(p: ApiProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (p.child.exitCode !== null) throw new Error(`API process exited (${p.child.exitCode}):\n${p.output()}`);
    try {
      if ((await fetch(`${p.api}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`API process not healthy within ${timeoutMs} ms:\n${p.output()}`);
}

async function startProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  const p = { url, api: `${url}${API_BASE}`, child, output: () => log };
  await waitHealthy(p, 60_000);
  return p;
}

/**
 * Signs a new ruby member up through `api` (its activation code goes straight into the
 * database at `databaseUrl`) and signs them in; `n` tells members apart.
 */
export async function signUpMember(api: string, databaseUrl: string, n: number): Promise<TelexLogin & { email: string; password: string }> {
  const code = `TEST-${randomBytes(6).toString('hex').toUpperCase()}`;
  await onPostgres(databaseUrl, (c) => c.query(`insert into activation_codes (code, plan_code) values ($1, 'ruby')`, [code]));
  const email = `cluster${n}.${randomBytes(3).toString('hex')}@example.com`;
  const password = 'Secret#123';
  const body = {
    emailId: email, mobileNo: '', firstName: 'Cluster', lastName: `Member${n}`, displayName: `Cluster Member ${n}`,
    password, dateOfBirth: '1990-05-17', gender: 'female', planCode: 'ruby', activationCode: code,
  };
  const post = (p: string, b: object) => fetch(`${api}/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
  const up = await post('auth/signUp', body);
  if (up.status !== 201) throw new Error(`signUp failed: ${up.status} ${await up.text()}`);
  const answer = (await (await post('auth/signIn', { username: email, password })).json()) as { data: { id: string; accessToken: string } };
  return { userCode: answer.data.id, token: answer.data.accessToken, email, password };
}

/** `count` API processes sharing a fresh database on `databaseUrl`'s server and `redisUrl`. */
/** Without `redisUrl` the processes keep the in-memory bus (one process is then the only sane count). */
export async function startCluster(opts: { databaseUrl: string; redisUrl?: string; count: number; env?: Record<string, string> }): Promise<Cluster> {
  const database = await createDatabase(opts.databaseUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bt-cluster-'));
  // Its own rate-limit counters: other suites' wrong sign-ins from 127.0.0.1 are not this cluster's.
  const namespace = `cluster:${randomBytes(6).toString('hex')}:`;
  const env = { RATE_LIMIT_NAMESPACE: namespace, ...opts.env, DATABASE_URL: database.url, REDIS_URL: opts.redisUrl ?? '', DATA_DIR: dataDir };
  const processes: ApiProcess[] = [];
  const close = async () => {
    await Promise.all(
      processes.map(
        (p) =>
          new Promise<void>((resolve) => {
            // Exited, or killed by a test (a host dying mid-call).
            if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
          }),
      ),
    );
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // One after another: the first migrates the fresh database.
    for (let i = 0; i < opts.count; i += 1) processes.push(await startProcess(env));
  } catch (error) {
    await close();
    throw error;
  }

  let n = 0;
  const signUp = (via: ApiProcess) => signUpMember(via.api, database.url, (n += 1));

  return { processes, databaseUrl: database.url, signUp, close };
}
