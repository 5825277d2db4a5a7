/**
 * A page's first visit on a slow phone, task by task: what the main thread does from the
 * navigation on, with the CPU slowed 4× as Lighthouse's mobile preset does, at a phone's
 * width, in a fresh context each load (no storage, no service worker, no compiled code kept:
 * what Lighthouse's /checkin run sees). Prints each load's first contentful paint, its
 * blocking time from that paint (Lighthouse's rule, main-thread-trace.ts) and every task
 * of 50 ms or more with what it spent its time on, so a change to what a first visit runs
 * (its chunks, how they are preloaded, what a screen evaluates) can be seen task by task.
 * Not a budget row: Lighthouse's own score for /checkin is (lighthouse.ts).
 * Run alone: `npx tsx tests/bench/first-visit-tasks.ts [/checkin]` (LOADS, default 3).
 */
import { launch } from '../e2e/support/browser';
import { blockingTime, longTasks, SLOWDOWN, traceSlowedLoad } from './main-thread-trace';
import { startBenchServer } from './server';

const path = process.argv[2] ?? '/checkin';
const loads = Number(process.env.LOADS ?? 3);
const server = await startBenchServer();
const browser = await launch();
try {
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 412, height: 823 } });
    const load = await traceSlowedLoad(context, await context.newPage(), path);
    const { tasks, start, fcp } = load;
    console.log(
      `${path}, load ${i + 1} at ${SLOWDOWN}× CPU: first contentful paint at ${Math.round((fcp - start) / 1000)} ms; blocking time from it ${Math.round(blockingTime(tasks, fcp))} ms`,
    );
    for (const line of longTasks(load)) console.log(`  ${line}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
