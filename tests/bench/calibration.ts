/**
 * A figure to compare two machines' runs by (issue 32): the time of a fixed CPU workload in a
 * fresh Node process (hashing and a JavaScript loop, the kinds of work the server and the app
 * do; the median of 5), and Lighthouse's own benchmarkIndex (its measure of the browser's
 * machine, the same one it uses to scale its simulated phone) for a tiny local page, median
 * of 3. A run whose workload took twice as long ran on a machine half as fast: compare its
 * other figures accordingly. Run alone: `npx tsx tests/bench/calibration.ts`.
 */
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../e2e/support/browser';

type Row = { measure: string; value: string; budget: string };

/** The workload, run in a child so a warm JIT or a busy bench process never shares it. */
const WORKLOAD = `
const { createHash } = require('node:crypto');
const started = performance.now();
const block = Buffer.alloc(64 * 1024, 7);
for (let i = 0; i < 400; i++) createHash('sha256').update(block).digest();
let x = 0;
for (let i = 0; i < 30_000_000; i++) x = (x * 31 + i) % 1_000_003;
const objects = [];
for (let i = 0; i < 300_000; i++) objects.push({ id: i, text: 'entry ' + i, tags: [i % 7, i % 11] });
JSON.parse(JSON.stringify(objects));
console.log(performance.now() - started, x);
`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function workloadMs(): number[] {
  return Array.from({ length: 5 }, () => {
    const run = spawnSync(process.execPath, ['-e', WORKLOAD], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`the calibration workload failed: ${run.stderr}`);
    return Math.round(Number(run.stdout.split(' ')[0]));
  });
}

export async function benchmarkIndexes(runs = 3): Promise<number[]> {
  const page = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html lang="en"><title>calibration</title><p>calibration</p></html>'));
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  const { port: pagePort } = page.address() as { port: number };
  const profile = mkdtempSync(join(tmpdir(), 'billionett-calibration-'));
  const port = 9800 + Math.floor(Math.random() * 150);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const out: number[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`http://127.0.0.1:${pagePort}/`, { port, output: 'json', logLevel: 'error', onlyAudits: ['first-contentful-paint'] });
      out.push(Math.round(result?.lhr.environment.benchmarkIndex ?? NaN));
    }
    return out;
  } finally {
    await context.close();
    page.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function measureCalibration(): Promise<Row[]> {
  const cpu = workloadMs();
  const index = await benchmarkIndexes();
  return [
    { measure: 'calibration: fixed CPU workload (median of 5: each)', value: `${median(cpu)} ms (${cpu.join(', ')})`, budget: 'to compare machines' },
    { measure: "calibration: Lighthouse's benchmarkIndex (median of 3: each)", value: `${median(index)} (${index.join(', ')})`, budget: 'to compare machines' },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureCalibration()) console.log(`${r.measure}  ${r.value}`);
}
