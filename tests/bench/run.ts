/**
 * `npm run bench`: the figures of BUDGETS.md, printed (never asserted).
 * Each measure is a small module; this file runs them in order and prints a table.
 *
 * - `--slow`: every measure runs a second time with the CPU halved (slowed.ts), and the table
 *   prints both runs side by side: each budget must hold on both.
 * - `--only a,b`: only the steps named (see STEPS), e.g. `--only calibration,lighthouse`.
 * Every run starts with the calibration figures, so two machines' tables can be compared.
 */
import { startBenchServer, type BenchServer } from './server';
import { measureCalibration } from './calibration';
import { measureFirstScreenJs } from './first-screen-js';
import { measureServerRss } from './server-rss';
import { measureOutboxDrain } from './outbox-drain';
import { measureOutboxDrainInBrowser } from './outbox-drain-browser';
import { measureMirrorEntries } from './mirror-entries';
import { measureTelexRoundTrip } from './telex-rtt';
import { measureFeedAt500, measureFeedOnPostgres, scalingRow } from './feed-p99';
import { measureSearch } from './search';
import { measureFeedGrowth } from './feed-growth';
import { measureBulletinLatency } from './bulletins';
import { measureBarter } from './barter';
import { measureFeedPaint } from './feed-paint';
import { measureFeedScroll } from './feed-scroll';
import { measureLighthouse } from './lighthouse';
import { measureFirstScreenBlocking } from './first-screen-tbt';
import { measureRequestCosts } from './request-costs';
import { capacityRows } from './capacity-model';
import { measureBalancerCapacity } from './balancer-capacity';
import { withCpuHalved } from './slowed';

type Row = { measure: string; value: string; budget: string };
type Step = { name: string; run: () => Promise<Row[]> };

/** Steps that share one freshly started server (embedded database). */
const withServer = (measures: ((server: BenchServer) => Promise<Row | Row[]>)[]) => async () => {
  const rows: Row[] = [];
  const server = await startBenchServer();
  try {
    for (const measure of measures) rows.push(...[await measure(server)].flat());
  } finally {
    await server.stop();
  }
  return rows;
};

const STEPS: Step[] = [
  { name: 'calibration', run: measureCalibration },
  {
    name: 'app',
    run: withServer([
      measureServerRss,
      // Read-only, and before the measures that write entries, so every run reads the same seed.
      (s) => measureFeedAt500(s, 'PGlite'),
      (s) => measureFirstScreenJs(s.url),
      (s) => measureMirrorEntries(s.url),
      (s) => measureFeedPaint(s.url),
      (s) => measureFeedScroll(s.url),
      (s) => measureOutboxDrainInBrowser(s.url),
      (s) => measureOutboxDrain(s),
    ]),
  },
  { name: 'lighthouse', run: withServer([(s) => measureLighthouse(s.url), (s) => measureFirstScreenBlocking(s.url)]) },
  // Telex starts its own servers (one process, then two sharing PostgreSQL and Redis).
  { name: 'telex', run: measureTelexRoundTrip },
  {
    name: 'feed-postgres',
    run: async () => {
      const one = await measureFeedOnPostgres();
      // The same on two API processes behind one port (WORKERS=2, Redis), and their idle RSS.
      const two = await measureFeedOnPostgres(2);
      return [...one, ...two, scalingRow(one[0], two[0])];
    },
  },
  // 100,000 generated listings on PGlite and on PostgreSQL, with and without the GiST index.
  { name: 'barter', run: measureBarter },
  // A generated community of 100,000 members and 1,000,000 entries: about ten minutes.
  { name: 'search', run: measureSearch },
  // The feed's growth (1,000, 10,000 and 100,000 generated members, 1,000 of them reading),
  // a page's time in the API process ÷ its database time, and the capacity knee at 100,000.
  { name: 'feed-growth', run: measureFeedGrowth },
  { name: 'bulletins', run: async () => [await measureBulletinLatency()] },
  // Past one machine: what each kind of request costs through PgBouncer, the capacity model
  // built on it, and the topology suite's deployment (three hosts behind HAProxy) ramped.
  {
    name: 'deployment',
    run: async () => {
      const { rows, costs } = await measureRequestCosts();
      return [...rows, ...capacityRows(costs), ...(await measureBalancerCapacity())];
    },
  },
];

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function runSteps(steps: Step[], label: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const step of steps) {
    console.log(`bench (${label}): ${step.name}`);
    rows.push(...(await step.run()));
  }
  return rows;
}

async function main() {
  const only = argument('--only')?.split(',');
  const unknown = only?.filter((name) => !STEPS.some((s) => s.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`no such bench step: ${unknown.join(', ')} (steps: ${STEPS.map((s) => s.name).join(', ')})`);
  // The calibration always runs: it is what makes a table comparable with another machine's.
  const steps = STEPS.filter((s) => !only || s.name === 'calibration' || only.includes(s.name));
  const normal = await runSteps(steps, 'normal');
  const slowed = process.argv.includes('--slow') ? await withCpuHalved(() => runSteps(steps, 'CPU halved')) : null;
  printTable(normal, slowed?.result ?? null);
  if (slowed) console.log(`\n${slowed.note}`);
}

/** One line a measure; with a slowed run, its figure beside the normal one (matched by the measure's words). */
function printTable(normal: Row[], slowed: Row[] | null) {
  const width = Math.max(...normal.map((r) => r.measure.length));
  const valueWidth = Math.max(16, ...normal.map((r) => r.value.length));
  const heading = slowed ? `${'normal'.padEnd(valueWidth)}  ${'CPU halved'.padEnd(valueWidth)}` : 'value'.padEnd(valueWidth);
  console.log(`\n${'measure'.padEnd(width)}  ${heading}  budget`);
  for (const r of normal) {
    const twin = slowed?.find((s) => s.measure === r.measure);
    const values = slowed ? `${r.value.padEnd(valueWidth)}  ${(twin?.value ?? '—').padEnd(valueWidth)}` : r.value.padEnd(valueWidth);
    console.log(`${r.measure.padEnd(width)}  ${values}  ${r.budget}`);
  }
  // A slowed row whose measure no normal row names (its words differ between the runs) is printed, never dropped.
  for (const lone of slowed?.filter((s) => !normal.some((r) => r.measure === s.measure)) ?? []) {
    console.log(`${lone.measure.padEnd(width)}  ${'—'.padEnd(valueWidth)}  ${lone.value.padEnd(valueWidth)}  ${lone.budget}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
