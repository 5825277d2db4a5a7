/** Starts the server as `npm start` does (`node scripts/start.mjs`, compiled, no loader) on a free port and a fresh DATA_DIR; its pid is the server's. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE } from '../../src/contract/codes';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../support/demo';

export type BenchServer = { url: string; pid: number; stop(): Promise<void> };

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/**
 * Embedded PGlite unless `databaseUrl` names a (fresh) PostgreSQL database, which the start
 * seeds. `workers` > 1 runs that many API processes on the port (WORKERS, with REDIS_URL);
 * `env` adds to the server's environment (DATABASE_POOLING, CHAT_RATE_LIMIT…); `checkout` runs
 * the server of another working tree of the project (its own build), to compare code side by side;
 * `nodeArgs` are node's own flags for it (BENCH_NODE_ARGS when not given).
 */
export async function startBenchServer(
  opts: { databaseUrl?: string; workers?: number; env?: Record<string, string>; checkout?: string; nodeArgs?: string[] } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'billionett-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', DEMO_COMMUNITY: '1', DEMO_PASSWORD };
  Object.assign(env, opts.env);
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  if (opts.workers && opts.workers > 1) {
    env.WORKERS = String(opts.workers);
    env.REDIS_URL ||= 'redis://127.0.0.1:6379';
  }
  // BENCH_NODE_ARGS: node's own flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a bench's time goes.
  const nodeArgs = opts.nodeArgs ?? (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/start.mjs'], { cwd: opts.checkout, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('bench server exited early');
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('bench server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first demo login's bearer token on a bench server. */
export async function signInDemo(url: string): Promise<string> {
  const login = DEMO_MEMBERS[0]!;
  const res = await fetch(`${url}${API_BASE}/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login.email, password: login.password }),
  });
  const body = (await res.json()) as { data?: { accessToken: string } };
  if (!res.ok || !body.data) throw new Error(`bench sign-in failed: ${res.status}`);
  return body.data.accessToken;
}
