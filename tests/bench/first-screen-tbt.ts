/**
 * The main thread's blocking time while home opens, as a member returns to it, seen in a
 * Chromium trace of each load with the CPU slowed 4× (Lighthouse's mobile preset), at a phone's
 * width: total blocking time as Lighthouse counts it — the time past 50 ms of each task, from
 * the first contentful paint on, a task under way at that paint counting from it (Lighthouse's
 * calculateSumOfBlockingTime: "there is little risk of user input happening before FCP") —
 * to the end of the trace, which lies past the screen's settling (Lighthouse stops at Time to
 * Interactive, earlier or at the same place). Not Lighthouse's own figure for / (lighthouse.ts
 * prints that): Lighthouse simulates one load and moves by ±100 ms between runs here, so this
 * median of LOADS observed loads is what tells whether a change to the first screen helped.
 *
 * Beside it, the same sum over every task from the navigation on, as this row counted until
 * 2026-11-30 (docs/decisions/0083): the navigation's commit and the first layout of a new
 * renderer process happen before anything is painted, are Chromium's own (a page of six
 * plain cards spends 30–67 ms at 4× in its first layout whatever its fonts) and are printed
 * so that they stay seen.
 *
 * A demo member signs in (service worker installed, feed mirrored), then `/` is opened LOADS
 * times from about:blank, each traced from navigation to 5 s later (the first screen, its
 * first refresh from the server, the cards below the screen). Run alone:
 * `npx tsx tests/bench/first-screen-tbt.ts` (prints each load's figures and its tasks ≥ 50 ms).
 */
import type { CDPSession } from 'playwright-core';
import { launch } from '../e2e/support/browser';
import { homeSignedIn } from '../e2e/support/pages';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';

type Row = { measure: string; value: string; budget: string };
type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } };
};

const LOADS = 6;
const SLOWDOWN = 4;
const SETTLE_MS = 5000;
/** Total blocking time's threshold: a task's time past it blocks (ms). */
const BLOCKING_MS = 50;

/** The renderer main thread's top-level tasks of a trace: the CrRendererMain busiest with them (the page's, not about:blank's). */
function mainThreadTasks(events: TraceEvent[]): TraceEvent[] {
  const busy = new Map<string, number>();
  for (const e of events) if (e.ph === 'X' && e.name === 'RunTask') busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const main = mains.sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0];
  return events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
}

/** What a long task spent its time on: its outermost events by name (and script), largest first. Printed when run alone. */
function insideTask(events: TraceEvent[], task: TraceEvent): string {
  const end = task.ts + (task.dur ?? 0);
  const inner = events
    .filter((e) => e.pid === task.pid && e.tid === task.tid && e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const sums = new Map<string, number>();
  let coveredUntil = 0;
  for (const e of inner) {
    if (e.ts < coveredUntil) continue;
    coveredUntil = e.ts + (e.dur ?? 0);
    const data = e.args?.data;
    const what = [e.name, data?.type, data?.functionName, data?.url?.split('/').pop()].filter(Boolean).join(' ');
    sums.set(what, (sums.get(what) ?? 0) + (e.dur ?? 0));
  }
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([what, us]) => `${what} ${Math.round(us / 1000)}`).join('; ');
}

/** The page's first contentful paint (µs, trace time): the first after the navigation in the main thread's process. */
function firstContentfulPaint(events: TraceEvent[], main: TraceEvent | undefined): number | undefined {
  if (!main) return undefined;
  return events
    .filter((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid && e.ts >= main.ts)
    .sort((a, b) => a.ts - b.ts)[0]?.ts;
}

type Task = { ts: number; dur?: number };

/** A task's time from `fromUs` on (all of it when it started later; none when it ended before), in ms. */
const countedMs = (t: Task, fromUs: number) => Math.max(0, t.ts + (t.dur ?? 0) - Math.max(t.ts, fromUs)) / 1000;

/** Each task's time past BLOCKING_MS, counted from `fromUs` on (a task under way then counts from it), in ms. */
export function blockingTime(tasks: readonly Task[], fromUs: number): number {
  return tasks.reduce((sum, t) => sum + Math.max(0, countedMs(t, fromUs) - BLOCKING_MS), 0);
}

async function traceLoad(cdp: CDPSession, open: () => Promise<unknown>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => void events.push(...(data.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] }, transferMode: 'ReportEvents' });
  await open();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

/** One load's figures (ms): blocking time from the first contentful paint and from the navigation; the main thread's busy time after that paint. */
export type LoadFigures = { fromPaint: number; fromNavigation: number; busyAfterPaint: number };

/** Opens home `loads` times as a returning member, each traced (see above); prints each load's long tasks when run alone. */
export async function traceHomeLoads(baseUrl: string, loads = LOADS): Promise<LoadFigures[]> {
  const browser = await launch();
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await homeSignedIn(page, DEMO_LOGINS[0]!);
    await page.waitForTimeout(2000);
    const figures: LoadFigures[] = [];
    for (let i = 0; i < loads; i++) {
      await page.goto('about:blank');
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
      const events = await traceLoad(cdp, () => page.goto('/'));
      const tasks = mainThreadTasks(events);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      const start = tasks[0]?.ts ?? 0;
      const fcp = firstContentfulPaint(events, tasks[0]);
      if (fcp === undefined) throw new Error(`load ${i + 1}: no first contentful paint in its trace`);
      const busy = tasks.reduce((sum, t) => sum + countedMs(t, fcp), 0);
      figures.push({ fromPaint: Math.round(blockingTime(tasks, fcp)), fromNavigation: Math.round(blockingTime(tasks, start)), busyAfterPaint: Math.round(busy) });
      if (import.meta.url === `file://${process.argv[1]}`) {
        const long = tasks.filter((t) => (t.dur ?? 0) > BLOCKING_MS * 1000);
        const f = figures.at(-1)!;
        console.log(`load ${i + 1}: ${f.fromPaint} ms from the first contentful paint at ${Math.round((fcp - start) / 1000)} ms (busy ${f.busyAfterPaint} ms after it); ${f.fromNavigation} ms from the navigation — tasks ≥ 50 ms at ${long.map((t) => `${Math.round((t.ts - start) / 1000)} (${Math.round((t.dur ?? 0) / 1000)})`).join(', ')}`);
        for (const t of long) console.log(`  at ${Math.round((t.ts - start) / 1000)} ms, ${Math.round((t.dur ?? 0) / 1000)} ms: ${insideTask(events, t)}`);
      }
    }
    return figures;
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureFirstScreenBlocking(baseUrl: string, loads = LOADS): Promise<Row[]> {
  const figures = await traceHomeLoads(baseUrl, loads);
  const fromPaint = figures.map((f) => f.fromPaint);
  const fromNavigation = figures.map((f) => f.fromNavigation);
  return [
    {
      measure: `home's blocking time at ${SLOWDOWN}× CPU, returning member, phone (median of ${loads} loads: each)`,
      value: `${median(fromPaint)} ms (${fromPaint.join(', ')})`,
      budget: '≤ 150 ms',
    },
    {
      measure: `the same, counted from the navigation (before the first paint too)`,
      value: `${median(fromNavigation)} ms (${fromNavigation.join(', ')})`,
      budget: 'seen, not a budget (decision 0083)',
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startBenchServer } = await import('./server');
  const server = await startBenchServer();
  try {
    for (const row of await measureFirstScreenBlocking(server.url)) console.log(`${row.measure}  ${row.value}`);
  } finally {
    await server.stop();
  }
}
