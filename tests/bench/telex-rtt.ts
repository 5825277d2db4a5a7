/**
 * Telex round trip on loopback (BUDGETS.md: p99 ≤ 50 ms; two processes via Redis ÷ one
 * process ≤ 2): 1,000 messages, one at a time, from A to B, timing send → ack at A (the
 * round trip the budget names) and send → message at B (the fan-out). One process: A and
 * B on one API process (in-memory bus). Two processes: A on process 1, B on process 2,
 * Redis pub/sub between them. Both on PostgreSQL, so the only difference is the bus.
 * The per-socket rate limit is off (CHAT_RATE_LIMIT=off): it would stop 1,000 sends.
 * Run alone: `npx tsx tests/bench/telex-rtt.ts`.
 */
import { performance } from 'node:perf_hooks';
import { startCluster } from '../support/processes';
import { befriend, TelexClient } from '../support/telex';

export type Row = { measure: string; value: string; budget: string };

const MESSAGES = 1000;
const WARMUP = 50;
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

type Stats = { median: number; p99: number };
const stats = (samples: number[]): Stats => {
  const sorted = [...samples].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p99: at(0.99) };
};
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function run(processes: 1 | 2): Promise<{ ack: Stats; recv: Stats }> {
  const cluster = await startCluster({
    databaseUrl: DATABASE_URL,
    redisUrl: processes === 2 ? REDIS_URL : undefined,
    count: processes,
    env: { CHAT_RATE_LIMIT: 'off' },
  });
  const sockets: TelexClient[] = [];
  try {
    const p1 = cluster.processes[0]!;
    const p2 = cluster.processes[processes - 1]!;
    const a = await cluster.signUp(p1);
    const b = await cluster.signUp(p2);
    await befriend(p1.api, a, b);
    const ca = await TelexClient.open(p1.url, a);
    const cb = await TelexClient.open(p2.url, b);
    sockets.push(ca, cb);
    const ack: number[] = [];
    const recv: number[] = [];
    for (let i = 0; i < WARMUP + MESSAGES; i += 1) {
      const start = performance.now();
      const id = ca.telex(b.userCode, `bench ${i}`);
      const acked = ca.next((f) => f.type === 'ack' && f.id === id).then(() => performance.now() - start);
      const received = cb.next((f) => f.type === 'message' && f.id === id).then(() => performance.now() - start);
      const [t1, t2] = await Promise.all([acked, received]);
      if (i >= WARMUP) {
        ack.push(t1);
        recv.push(t2);
      }
    }
    return { ack: stats(ack), recv: stats(recv) };
  } finally {
    await Promise.all(sockets.map((s) => s.close()));
    await cluster.close();
  }
}

/** Two rows (one process; two processes via Redis), each with median and p99 of send → ack. */
export async function measureTelexRoundTrip(): Promise<Row[]> {
  const budget = 'p99 ≤ 50 ms; 2 proc ÷ 1 proc ≤ 2';
  let one: Awaited<ReturnType<typeof run>>;
  try {
    one = await run(1);
  } catch (error) {
    const why = `not run: ${(error as Error).message.split('\n')[0]}`;
    return [
      { measure: 'telex send→ack, 1 process', value: why, budget },
      { measure: 'telex send→ack, 2 processes + Redis', value: why, budget },
    ];
  }
  let two: Awaited<ReturnType<typeof run>> | null = null;
  let twoError = '';
  try {
    two = await run(2);
  } catch (error) {
    twoError = `not run: ${(error as Error).message.split('\n')[0]}`;
  }
  const value = (r: Awaited<ReturnType<typeof run>>) =>
    `median ${ms(r.ack.median)}, p99 ${ms(r.ack.p99)} (B receives: median ${ms(r.recv.median)}, p99 ${ms(r.recv.p99)})`;
  return [
    { measure: 'telex send→ack, 1 process', value: value(one), budget },
    {
      measure: 'telex send→ack, 2 processes + Redis',
      value: two ? `${value(two)}; p99 ÷ 1 process ${(two.ack.p99 / one.ack.p99).toFixed(2)}` : twoError,
      budget,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await measureTelexRoundTrip();
  const width = Math.max(...rows.map((r) => r.measure.length));
  for (const r of rows) console.log(`${r.measure.padEnd(width)}  ${r.value}   [budget ${r.budget}]`);
}
