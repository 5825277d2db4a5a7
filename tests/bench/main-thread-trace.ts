/**
 * A page load's main thread, as Chromium's trace shows it with the CPU slowed as
 * Lighthouse's mobile preset does: its top-level tasks, what each long one spent its time
 * on, the first contentful paint, and total blocking time as Lighthouse counts it
 * (docs/decisions/0083). Shared by first-screen-tbt.ts (home, a returning member) and
 * first-visit-tasks.ts (any page, a first visit).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string; notStreamedReason?: string } };
};

/**
 * Lighthouse's mobile preset: the CPU slowed 4×. TRACE_SLOWDOWN=n slows it more for a look at
 * a slower machine's long tasks from a fast one (ad hoc; the row's words then say n×).
 */
export const SLOWDOWN = Number(process.env.TRACE_SLOWDOWN ?? 4);
/** How long a load is traced after its navigation: past the screen's settling. */
const SETTLE_MS = 5000;
/** Total blocking time's threshold: a task's time past it blocks (ms). */
export const BLOCKING_MS = 50;

/** The renderer main thread's top-level tasks of a trace: the CrRendererMain busiest with them (the page's, not about:blank's). */
function mainThreadTasks(events: TraceEvent[]): TraceEvent[] {
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.ph === 'X' && e.name === 'RunTask') busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const main = mains.sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0];
  return events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
}

/** What a long task spent its time on: its outermost events by name (and script), largest first. */
export function insideTask(events: TraceEvent[], task: TraceEvent): string {
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
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([what, us]) => `${what} ${Math.round(us / 1000)}`)
    .join('; ');
}

/** The page's first contentful paint (µs, trace time): the first after the navigation in the main thread's process. */
function firstContentfulPaint(events: TraceEvent[], main: TraceEvent | undefined): number | undefined {
  if (!main) return undefined;
  return events.filter((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid && e.ts >= main.ts).sort((a, b) => a.ts - b.ts)[0]
    ?.ts;
}

type Task = { ts: number; dur?: number };

/** A task's time from `fromUs` on (all of it when it started later; none when it ended before), in ms. */
export const countedMs = (t: Task, fromUs: number) => Math.max(0, t.ts + (t.dur ?? 0) - Math.max(t.ts, fromUs)) / 1000;

/** Each task's time past BLOCKING_MS, counted from `fromUs` on (a task under way then counts from it), in ms. */
export function blockingTime(tasks: readonly Task[], fromUs: number): number {
  return tasks.reduce((sum, t) => sum + Math.max(0, countedMs(t, fromUs) - BLOCKING_MS), 0);
}

async function traceLoad(cdp: CDPSession, open: () => Promise<unknown>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => void events.push(...(data.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] },
    transferMode: 'ReportEvents',
  });
  await open();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

/** One traced load: every event, the main thread's tasks, the navigation's start and the first contentful paint (µs, trace time). */
export type TracedLoad = { events: TraceEvent[]; tasks: TraceEvent[]; start: number; fcp: number };

/** Opens `path` from about:blank with the CPU slowed SLOWDOWN×, traced from the navigation to SETTLE_MS after it. */
export async function traceSlowedLoad(context: BrowserContext, page: Page, path: string): Promise<TracedLoad> {
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  const events = await traceLoad(cdp, () => page.goto(path));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  const tasks = mainThreadTasks(events);
  const fcp = firstContentfulPaint(events, tasks[0]);
  if (fcp === undefined) throw new Error(`${path}: no first contentful paint in its trace`);
  return { events, tasks, start: tasks[0]?.ts ?? 0, fcp };
}

/**
 * Scripts compiled inside a task, at any depth (a module's compile sits inside the event and
 * microtasks that imported it), each with why it was not compiled as it arrived: "wrong
 * script type" is a script preloaded as a classic one and imported as a module.
 */
function compiledInside(events: TraceEvent[], task: TraceEvent): string[] {
  const end = task.ts + (task.dur ?? 0);
  return events
    .filter(
      (e) => e.pid === task.pid && e.tid === task.tid && e.ph === 'X' && e.name.startsWith('v8.compile') && e.ts >= task.ts && e.ts <= end,
    )
    .filter((e) => (e.dur ?? 0) >= 5000)
    .map(
      (e) =>
        `${e.args?.data?.url?.split('/').pop() ?? '?'} ${Math.round((e.dur ?? 0) / 1000)} ms (${e.args?.data?.notStreamedReason ?? 'streamed'})`,
    );
}

/** Each task of at least BLOCKING_MS, when it began (ms from the navigation), what it spent its time on and what it compiled. */
export function longTasks({ events, tasks, start }: TracedLoad): string[] {
  return tasks
    .filter((t) => (t.dur ?? 0) > BLOCKING_MS * 1000)
    .map((t) => {
      const compiled = compiledInside(events, t);
      const line = `at ${Math.round((t.ts - start) / 1000)} ms, ${Math.round((t.dur ?? 0) / 1000)} ms: ${insideTask(events, t)}`;
      return compiled.length > 0 ? `${line} — compiled: ${compiled.join(', ')}` : line;
    });
}
