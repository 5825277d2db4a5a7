/**
 * The slowed run (`npm run bench -- --slow`, issue 32): the same measures with the CPU
 * halved — one CPU-bound process competing on each core, at the bench's own priority, so the
 * server, PostgreSQL, Chromium and the load generator each get about half the time they would.
 * Machines of this kind differ 2–3× and members' phones far more: a budget met only on a quiet,
 * fast machine is not met.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** A loop that never sleeps, and dies with the bench (its stdin closes when the bench exits). */
const BURN = `process.stdin.on('close', () => process.exit(0)); process.stdin.resume(); (function spin() { const until = Date.now() + 50; while (Date.now() < until); setImmediate(spin); })();`;

export async function withCpuHalved<T>(run: () => Promise<T>): Promise<T> {
  const burners: ChildProcess[] = Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ['-e', BURN], { stdio: ['pipe', 'ignore', 'inherit'] }));
  try {
    return await run();
  } finally {
    for (const b of burners) b.kill('SIGKILL');
  }
}
