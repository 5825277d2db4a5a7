/**
 * Two builds side by side on home's blocking time (issue 32): this working tree's and another's
 * (AB_CHECKOUT, a `git worktree add` of the commit to compare with, node_modules linked from this
 * one, `npm run build` run there), each opened as in first-screen-tbt.ts. The builds take turns,
 * round by round in the order ABBA, so the machine's drift over minutes falls on both alike, and
 * every load of both is pooled.
 *
 * Why pooled, and many: on a noisy machine (stop 54's: calibration ~1,050 ms) one build's medians
 * of 6 loads moved from 614 to 920 ms within ten minutes, and a change that looked like −25% over
 * 24 loads each came to +7% over 48. Each round's median is printed beside the pooled figures,
 * so a difference smaller than the rounds' spread shows as such.
 *
 * Run: `AB_CHECKOUT=/tmp/base npx tsx tests/bench/first-screen-ab.ts` (AB_ROUNDS, default 8; LOADS
 * a round, default 6; TRACE_SLOWDOWN as in main-thread-trace.ts).
 */
import { median } from './first-card';
import { startBenchServer } from './server';
import { traceHomeLoads, type LoadFigures } from './first-screen-tbt';

const other = process.env.AB_CHECKOUT;
if (!other) throw new Error('AB_CHECKOUT: the other working tree (with its own build) to compare this one with');
const rounds = Number(process.env.AB_ROUNDS ?? 8);
const loads = Number(process.env.LOADS ?? 6);
const variants = [
  { label: 'this tree', checkout: undefined },
  { label: other, checkout: other },
];

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

const pooled = new Map<string, LoadFigures[]>(variants.map((v) => [v.label, []]));
const roundMedians = new Map<string, number[]>(variants.map((v) => [v.label, []]));
for (let r = 0; r < rounds; r++) {
  // ABBA: 0 → this, other; 1 → other, this; …
  const order = r % 2 === 0 ? variants : variants.toReversed();
  for (const v of order) {
    const server = await startBenchServer({ checkout: v.checkout });
    try {
      const figures = await traceHomeLoads(server.url, loads);
      pooled.get(v.label)!.push(...figures);
      const fromPaint = figures.map((f) => f.fromPaint);
      roundMedians.get(v.label)!.push(median(fromPaint));
      console.log(`round ${r + 1}, ${v.label}: median ${median(fromPaint)} ms (${fromPaint.join(', ')})`);
    } finally {
      await server.stop();
    }
  }
}

console.log(`\nhome's blocking time, ${rounds} rounds of ${loads} loads each, pooled:`);
for (const v of variants) {
  const all = pooled.get(v.label)!;
  const fromPaint = all.map((f) => f.fromPaint);
  const busy = all.map((f) => f.busyAfterPaint);
  const spread = sorted(roundMedians.get(v.label)!);
  console.log(
    `  ${v.label}: median ${median(fromPaint)} ms, mean ${Math.round(mean(fromPaint))} ms; busy after the paint, median ${median(busy)} ms; round medians ${spread[0]}–${spread.at(-1)} ms`,
  );
}
const [a, b] = variants.map((v) => median(pooled.get(v.label)!.map((f) => f.fromPaint)));
console.log(`  this tree ÷ the other: ${(a! / b!).toFixed(2)}`);
