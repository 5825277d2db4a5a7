/**
 * Server feed page at a fixed 500 requests/s (BUDGETS.md: p99 ≤ 50 ms, PGlite and
 * PostgreSQL): GET user/posts/all (home, pageSize 5, pages 1–3 in turn), one due every 2 ms
 * whatever the server's pace (open-load.ts), with a demo member's bearer token, for 10 s
 * after a 2 s warm-up, against a server started as `npm start` does. PostgreSQL runs on a fresh database (created, seeded by the start,
 * dropped). Run alone: `npx tsx tests/bench/feed-p99.ts` (DATABASE_URL picks the server).
 * One member's three pages: they are answered from the pages kept until the next write
 * (db/write-clock.ts, pg-write-clock.ts) after their first read. The cost of a
 * page read from the database, per member, is feed-growth.ts's (1,000 distinct members).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { API_BASE } from '../../src/contract/codes';
import { openLoad } from './open-load';
import { withFreshDatabase } from './postgres';
import { signInDemo, startBenchServer, type BenchServer } from './server';

export type Row = { measure: string; value: string; budget: string };
/** A row with its p99 (ms), for the ratio of two runs. */
export type LoadRow = Row & { p99: number };

const RATE = 500;
const SECONDS = 10;
const PAGES = [1, 2, 3];

/** Latency of the home feed page under a fixed 500 requests/s on one running server (open-load.ts). */
export async function measureFeedAt500(server: BenchServer, label: string): Promise<LoadRow> {
  const token = await signInDemo(server.url);
  const requests = PAGES.map((p) => ({ path: `${API_BASE}/user/posts/all?pageNo=${p}&pageSize=5`, headers: { authorization: `Bearer ${token}` } }));
  await openLoad({ url: server.url, rate: RATE, seconds: 2, requests });
  const r = await openLoad({ url: server.url, rate: RATE, seconds: SECONDS, requests });
  // A server that cannot keep up shows it here: fewer than 500 served per second, or failures.
  return {
    measure: `feed page p99 at ${RATE}/s, ${label} (p50; served/s)`,
    value: `${r.p99} ms (${r.p50}; ${r.perSecond}${r.failed > 0 ? `; ${r.failed} failed` : ''})`,
    budget: '≤ 50 ms',
    p99: r.p99,
  };
}

/**
 * The same measure on PostgreSQL: a fresh database, seeded by the start, dropped after; with
 * `workers` > 1, that many API processes behind the one port (WORKERS, Redis).
 */
export async function measureFeedOnPostgres(workers = 1): Promise<[LoadRow, ...Row[]]> {
  return withFreshDatabase('bt_bench', async (url) => {
    const server = await startBenchServer({ databaseUrl: url, workers });
    try {
      if (workers === 1) return [await measureFeedAt500(server, 'PostgreSQL')];
      // Each API process's idle RSS (BUDGETS: ≤ 300 MB a process), before the load.
      await new Promise((r) => setTimeout(r, 3000));
      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.pid)], { encoding: 'utf8' }).trim().split(/\s+/);
      const rss = children.map((pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024));
      const idle = { measure: `server RSS idle, each of ${workers} processes (PostgreSQL)`, value: rss.map((mb) => `${mb} MB`).join(', '), budget: '≤ 300 MB' };
      return [await measureFeedAt500(server, `PostgreSQL, ${workers} processes`), idle];
    } finally {
      await server.stop();
    }
  });
}

/** Two API processes ÷ one, side by side in one run (BUDGETS.md: ≤ 0.6, two processes must serve more). */
export function scalingRow(one: LoadRow, two: LoadRow): Row {
  return { measure: 'feed page p99 at 500/s, PostgreSQL, 2 processes ÷ 1', value: (two.p99 / one.p99).toFixed(2), budget: '≤ 0.6' };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows: Row[] = [];
  const server = await startBenchServer();
  try {
    rows.push(await measureFeedAt500(server, 'PGlite'));
  } finally {
    await server.stop();
  }
  const one = await measureFeedOnPostgres();
  const two = await measureFeedOnPostgres(2);
  rows.push(...one, ...two, scalingRow(one[0], two[0]));
  for (const r of rows) console.log(`${r.measure}  ${r.value}  ${r.budget}`);
}
