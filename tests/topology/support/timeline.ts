/**
 * Each fault's timeline, read from the load run: when it began and healed, the seconds that
 * saw errors (by the second an attempt was sent), and when traffic was clean again. Errors
 * belong to a fault when sent from LEAD_MS before it began to MARGIN_MS after it healed;
 * the margin is generous (a loaded 2-core machine, the balancer's checks: inter 1 s × rise 2)
 * so the bound holds without timing a thing precisely.
 */
import { errorSeconds, totals, type LoadRun } from './load';
import type { Outcome, SecondCounts } from './load-types';

export const MARGIN_MS = 6000;
/**
 * Errors are counted by the second an attempt was sent, and one in flight when the fault
 * began was sent before it: a fault's window opens this long before it began (whole seconds).
 */
export const LEAD_MS = 2000;
const opens = (w: FaultWindow) => Math.floor((w.began - LEAD_MS) / 1000) * 1000;

export type FaultWindow = { name: string; began: number; healed: number };

export type Timeline = FaultWindow & {
  errors: SecondCounts[];
  /** Errors sent later than MARGIN_MS after the heal: must be none. */
  late: SecondCounts[];
  byOutcome: Partial<Record<Outcome, number>>;
  summary: string;
};

export function begin(name: string): FaultWindow {
  return { name, began: Date.now(), healed: 0 };
}

const rel = (ms: number, from: number) => `${((ms - from) / 1000).toFixed(1)} s`;

/** Ends a fault's watch: waits out its margin plus a few clean seconds, then reads and prints its timeline. */
export async function settle(load: LoadRun, w: FaultWindow, windows: FaultWindow[]): Promise<Timeline> {
  if (!w.healed) w.healed = Date.now();
  windows.push(w);
  const until = w.healed + MARGIN_MS + 3000;
  await new Promise((r) => setTimeout(r, Math.max(0, until - Date.now())));
  await load.reportedUntil(until);
  const errors = errorSeconds(load, opens(w), until);
  const late = errors.filter((e) => e.second * 1000 >= w.healed + MARGIN_MS);
  const byOutcome = totals(load, opens(w), until);
  const count = errors.reduce((sum, e) => sum + Object.entries(e.counts).reduce((s, [o, n]) => s + (o === 'ok' ? 0 : (n ?? 0)), 0), 0);
  const first = errors[0];
  const last = errors.at(-1);
  const summary = [
    `fault "${w.name}": began 0.0 s, healed ${rel(w.healed, w.began)}`,
    first && last
      ? `${count} errors in seconds ${rel(first.second * 1000, w.began)} … ${rel(last.second * 1000, w.began)}, traffic clean from ${rel((last.second + 1) * 1000, w.began)}`
      : 'no errors',
    `outcomes ${JSON.stringify(byOutcome)}`,
    ...errors.map((e) => `  ${rel(e.second * 1000, w.began)}: ${JSON.stringify(e.counts)}`),
  ].join('\n');
  console.log(`topology: ${summary}`);
  return { ...w, errors, late, byOutcome, summary };
}

/** Error seconds outside every fault's window: must be none (the gaps between faults are clean). */
export function strayErrors(load: LoadRun, windows: FaultWindow[], fromMs: number, toMs: number): SecondCounts[] {
  return errorSeconds(load, fromMs, toMs).filter((e) => !windows.some((w) => e.second * 1000 >= opens(w) && e.second * 1000 < w.healed + MARGIN_MS));
}
