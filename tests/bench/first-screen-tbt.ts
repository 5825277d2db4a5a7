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
import { launch } from '../e2e/support/browser';
import { homeSignedIn } from '../e2e/support/pages';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';
import { blockingTime, countedMs, longTasks, SLOWDOWN, traceSlowedLoad } from './main-thread-trace';

type Row = { measure: string; value: string; budget: string };

const LOADS = 6;

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
      const load = await traceSlowedLoad(context, page, '/');
      const { tasks, start, fcp } = load;
      const busy = tasks.reduce((sum, t) => sum + countedMs(t, fcp), 0);
      figures.push({ fromPaint: Math.round(blockingTime(tasks, fcp)), fromNavigation: Math.round(blockingTime(tasks, start)), busyAfterPaint: Math.round(busy) });
      if (import.meta.url === `file://${process.argv[1]}`) {
        const f = figures.at(-1)!;
        console.log(`load ${i + 1}: ${f.fromPaint} ms from the first contentful paint at ${Math.round((fcp - start) / 1000)} ms (busy ${f.busyAfterPaint} ms after it); ${f.fromNavigation} ms from the navigation`);
        for (const line of longTasks(load)) console.log(`  ${line}`);
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
