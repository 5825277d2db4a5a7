/**
 * What a first read of each kind in the feed mix costs in CPU (issue 32): in the API process
 * and in PostgreSQL, read from /proc over each kind's window ÷ its requests. The mix's
 * requests at 500/s are mostly first reads (a page no answer is kept for), and on the slowed
 * run they are what saturates the machine; this row says which kind to work on.
 *
 * A fresh API process on the generated community's database (so no answer is kept), warmed
 * on WARM members' pages (its JIT, the statements' plans), then each kind in the mix's order
 * (feed-growth.ts pages: home, home with entries only, another member's suite, a search) read
 * once by each of PER_KIND other members, four at a time. A kind's figure includes reading the
 * entries no page before it had shown (read-repo.ts, kept between members afterwards).
 * Run alone: `MIX_DB=<url> npx tsx tests/bench/first-read-costs.ts` on a database filled by
 * `npm run admin -- seed-scale` (feed-growth.ts runs it on each of its communities).
 */
import { cpuMeter, postgresPids } from './cpu';
import type { LoadRequest } from './open-load';
import { pages, signIn } from './feed-mix';
import { dataDirectoryOf, onPostgres } from './postgres';
import { startBenchServer } from './server';

type Row = { measure: string; value: string; budget: string };
type Request = LoadRequest & { headers: Record<string, string> };

const KINDS = ['home', 'home, entries only', 'suite', 'search'];
const WARM = 100;
const PER_KIND = 250;
const IN_FLIGHT = 4;

/** Reads `requests` in turn, IN_FLIGHT at a time; throws on an answer that is not 200. */
export async function readAll(url: string, requests: Request[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++]!;
      const res = await fetch(`${url}${r.path}`, { headers: r.headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${r.path} answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

/**
 * `requests`: the mix's pages, four a member in KINDS' order (feed-growth.ts pages), of at least
 * WARM + PER_KIND members. Answers one row: each kind's API / PostgreSQL ms a first read.
 */
export async function measureFirstReadCosts(databaseUrl: string, requests: Request[], members: number): Promise<Row> {
  if (requests.length < (WARM + PER_KIND) * KINDS.length) throw new Error(`first-read costs need the pages of ${WARM + PER_KIND} members`);
  const pgDir = await dataDirectoryOf(databaseUrl);
  const server = await startBenchServer({ databaseUrl });
  try {
    const ofKind = (k: number, from: number, count: number) => requests.filter((_, i) => i % KINDS.length === k).slice(from, from + count);
    await readAll(server.url, requests.slice(0, WARM * KINDS.length));
    const costs = [];
    for (let k = 0; k < KINDS.length; k++) {
      const meter = cpuMeter({ api: () => [server.pid], db: () => postgresPids(pgDir) });
      await readAll(server.url, ofKind(k, WARM, PER_KIND));
      const spent = meter.take();
      costs.push(`${KINDS[k]} ${(spent.api! / PER_KIND).toFixed(2)} / ${(spent.db! / PER_KIND).toFixed(2)}`);
    }
    return {
      measure: `CPU a first read by kind, ${members.toLocaleString('en')} members (API / PostgreSQL ms, ${PER_KIND} members each)`,
      value: costs.join('; '),
      budget: 'what the mix is made of',
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const databaseUrl = process.env.MIX_DB!;
  const signer = await startBenchServer({ databaseUrl });
  const members = await signIn(signer.url, WARM + PER_KIND).finally(() => signer.stop());
  const size = await onPostgres(
    databaseUrl,
    async (c) => (await c.query<{ n: number }>(`select count(*)::int as n from users`)).rows[0]!.n,
  );
  const row = await measureFirstReadCosts(databaseUrl, pages(members), size);
  console.log(`${row.measure}  ${row.value}`);
}
