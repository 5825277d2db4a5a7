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

type Row = { measure: string; value: string; budget: string };

async function main() {
  const rows: Row[] = [];
  const server = await startBenchServer();
  try {
    rows.push(await measureServerRss(server));
    rows.push(await measureFirstScreenJs(server.url));
    rows.push(await measureMirrorEntries(server.url));
    rows.push(await measureOutboxDrainInBrowser(server.url));
    rows.push(await measureOutboxDrain(server.url));
  } finally {
    await server.stop();
  }
  // Telex starts its own servers (one process, then two sharing PostgreSQL and Redis).
  rows.push(...(await measureTelexRoundTrip()));
  const width = Math.max(...rows.map((r) => r.measure.length));
  console.log(`\n${'measure'.padEnd(width)}  value            budget`);
  for (const r of rows) console.log(`${r.measure.padEnd(width)}  ${r.value.padEnd(16)} ${r.budget}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
