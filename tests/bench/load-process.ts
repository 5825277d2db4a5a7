/**
 * The open-loop load generator (open-load.ts) in a process of its own, so the generator's
 * work never shares an event loop with the bench that reads its results: `npx tsx
 * tests/bench/load-process.ts <job.json>` runs the job ({ url, rate, seconds, requests }) and
 * prints its LoadResult as JSON on the last line. runLoadProcess does that from a bench.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openLoad, type LoadRequest, type LoadResult } from './open-load';

type Job = { url: string; rate: number; seconds: number; requests: LoadRequest[] };

export async function runLoadProcess(job: Job): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'billionett-load-'));
  const file = path.join(dir, 'job.json');
  writeFileSync(file, JSON.stringify(job));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the load process failed (exit ${code})`);
    return JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Job;
  console.log(JSON.stringify(await openLoad(job)));
}
