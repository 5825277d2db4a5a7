/**
 * `npm run bench`: the figures of BUDGETS.md, printed (never asserted).
 * Each measure is a small module; this file runs them in order against one
 * freshly started server (embedded database) and prints a table.
 */
import { startBenchServer } from './server';
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

type Row = { measure: string; value: string; budget: string };

async function main() {
  const rows: Row[] = [];
  const server = await startBenchServer();
  try {
    rows.push(await measureServerRss(server));
    // Read-only, and before the measures that write entries, so every run reads the same seed.
    rows.push(await measureFeedAt500(server, 'PGlite'));
    rows.push(await measureFirstScreenJs(server.url));
    rows.push(await measureMirrorEntries(server.url));
    rows.push(...(await measureFeedPaint(server.url)));
    rows.push(await measureFeedScroll(server.url));
    rows.push(...(await measureLighthouse(server.url)));
    rows.push(await measureFirstScreenBlocking(server.url));
    rows.push(await measureOutboxDrainInBrowser(server.url));
    rows.push(await measureOutboxDrain(server.url));
  } finally {
    await server.stop();
  }
  // Telex starts its own servers (one process, then two sharing PostgreSQL and Redis).
  rows.push(...(await measureTelexRoundTrip()));
  const one = await measureFeedOnPostgres();
  // The same on two API processes behind one port (WORKERS=2, Redis), and their idle RSS.
  const two = await measureFeedOnPostgres(2);
  rows.push(...one, ...two, scalingRow(one[0], two[0]));
  // 100,000 generated listings on PGlite and on PostgreSQL, with and without the GiST index.
  rows.push(...(await measureBarter()));
  // A generated community of 100,000 members and 1,000,000 entries: about ten minutes.
  rows.push(...(await measureSearch()));
  // The feed's growth: 1,000, 10,000 and 100,000 generated members, 1,000 of them reading.
  rows.push(...(await measureFeedGrowth()));
  rows.push(await measureBulletinLatency());
  // Past one machine: what each kind of request costs through PgBouncer, the capacity model
  // built on it, and the topology suite's deployment (three hosts behind HAProxy) ramped.
  const { rows: costRows, costs } = await measureRequestCosts();
  rows.push(...costRows, ...capacityRows(costs));
  rows.push(...(await measureBalancerCapacity()));
  const width = Math.max(...rows.map((r) => r.measure.length));
  console.log(`\n${'measure'.padEnd(width)}  value            budget`);
  for (const r of rows) console.log(`${r.measure.padEnd(width)}  ${r.value.padEnd(16)} ${r.budget}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
