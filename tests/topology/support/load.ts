/**
 * Steady traffic through the balancer while faults happen: the generator (load-child.ts) in
 * a child process, its per-second outcomes gathered here, and each fault's timeline read
 * from them. One run is shared by every fault of a file: a fault's errors must fall within
 * its own window, and the seconds between faults must be clean.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { LoadConfig, LoadMessage, Outcome, SecondCounts, WriteRecord } from './load-types';

const CHILD = path.join(import.meta.dirname, 'load-child.ts');

export type LoadRun = {
  /** Outcomes by the second (epoch) the attempt was sent. */
  readonly seconds: Map<number, Partial<Record<Outcome, number>>>;
  /** Stops sending, lets pending writes settle, answers the ledger. */
  stop(): Promise<{ writes: WriteRecord[]; sent: number }>;
  /** Waits until the generator has reported every second up to `ms` (so a count is final). */
  reportedUntil(ms: number): Promise<void>;
};

export async function startLoad(config: LoadConfig): Promise<LoadRun> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, LOAD_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const seconds = new Map<number, Partial<Record<Outcome, number>>>();
  let reported = 0;
  let done: ((d: { writes: WriteRecord[]; sent: number }) => void) | undefined;
  const finished = new Promise<{ writes: WriteRecord[]; sent: number }>((resolve, reject) => {
    done = resolve;
    child.on('exit', (code) => reject(new Error(`the load generator exited (${code}) without its report`)));
  });
  // Not left unhandled when the run is never stopped (a failed beforeAll).
  finished.catch(() => {});
  const started = new Promise<void>((resolve, reject) => {
    child.on('message', (m: LoadMessage) => {
      if (m.type === 'started') resolve();
      if (m.type === 'counts') {
        for (const s of m.seconds) add(seconds, s);
        reported = Math.max(reported, m.now);
      }
      if (m.type === 'done') done?.({ writes: m.writes, sent: m.sent });
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the load generator exited (${code}) before it started`)));
  });
  await started;
  return {
    seconds,
    async stop() {
      if (child.connected) child.send({ type: 'stop' });
      return finished;
    },
    async reportedUntil(ms: number) {
      const deadline = Date.now() + 15_000;
      // The generator sends each second's counts every second; a request still in flight is
      // counted when it ends (at most its timeout later).
      while (reported * 1000 < ms + config.requestTimeoutMs + 1000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    },
  };
}

function add(into: Map<number, Partial<Record<Outcome, number>>>, s: SecondCounts): void {
  const row = into.get(s.second) ?? {};
  for (const [outcome, n] of Object.entries(s.counts) as [Outcome, number][]) row[outcome] = (row[outcome] ?? 0) + n;
  into.set(s.second, row);
}

export const errorsIn = (counts: Partial<Record<Outcome, number>>) =>
  Object.entries(counts).reduce((sum, [outcome, n]) => sum + (outcome === 'ok' ? 0 : (n ?? 0)), 0);

/** Every second in [fromMs, toMs) with an error, with its counts. */
export function errorSeconds(run: LoadRun, fromMs: number, toMs: number): SecondCounts[] {
  return [...run.seconds.entries()]
    .filter(([second, counts]) => second * 1000 >= Math.floor(fromMs / 1000) * 1000 && second * 1000 < toMs && errorsIn(counts) > 0)
    .sort(([a], [b]) => a - b)
    .map(([second, counts]) => ({ second, counts }));
}

/** Outcomes summed over [fromMs, toMs). */
export function totals(run: LoadRun, fromMs: number, toMs: number): Partial<Record<Outcome, number>> {
  const sum: Partial<Record<Outcome, number>> = {};
  for (const [second, counts] of run.seconds) {
    if (second * 1000 < Math.floor(fromMs / 1000) * 1000 || second * 1000 >= toMs) continue;
    for (const [o, n] of Object.entries(counts) as [Outcome, number][]) sum[o] = (sum[o] ?? 0) + n;
  }
  return sum;
}
