/**
 * Server variants side by side on first reads (issue 32): what a change to the feed's read
 * path does to the CPU of a first read, in the API process and in PostgreSQL, measured in
 * one run with the variants taking turns, so the machine's drift over minutes (±10% here)
 * falls on each variant alike. first-read-costs.ts prints one variant's costs by kind; this
 * compares variants on the mix as it comes (home, home with entries only, a suite, a search
 * for each member in turn).
 *
 * Each round starts a fresh API process per variant on the same generated community (nothing
 * kept from an earlier one), warms it on WARM members' pages, then reads READ members' pages
 * once each, four at a time.
 *
 * Run: `MIX_DB=<url> AB_VARIANTS='before=|after=--some-node-flag' npx tsx tests/bench/first-read-ab.ts`
 * on a database filled by `npm run admin -- seed-scale` (≥ WARM + READ members). A variant is
 * `label=node flags`, its label letters, digits and `_` (it names variables);
 * `AB_ENV_<label>='NAME:value,NAME:value'` adds to its server's environment, and
 * `AB_DB_<label>=<url>` connects its server to the same database another way (a Unix
 * socket: `postgres://postgres@localhost/db?host=/var/run/postgresql`), and
 * `AB_CHECKOUT_<label>=<dir>` runs the server of another working tree (`git worktree add`, with
 * node_modules and dist/ linked from this one; its server is built as it starts): a variant of
 * code. AB_ROUNDS (3) rounds; SLOW=1 runs it with the CPU halved (slowed.ts).
 */
import { pages, signIn } from './feed-mix';
import { cpuMeter, postgresPids } from './cpu';
import { readAll } from './first-read-costs';
import { dataDirectoryOf } from './postgres';
import { startBenchServer } from './server';
import { withCpuHalved } from './slowed';

const WARM = 100;
const READ = 500;

/** `label=flags|label=flags` into [label, flags] pairs. */
const variantsOf = (spec: string): [string, string][] =>
  spec.split('|').map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)]);

/** `NAME:value,NAME:value` into an environment. */
const envOf = (spec: string | undefined): Record<string, string> =>
  Object.fromEntries(
    (spec ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf(':')), kv.slice(kv.indexOf(':') + 1)]),
  );

async function main() {
  const databaseUrl = process.env.MIX_DB;
  if (!databaseUrl) throw new Error('MIX_DB: the URL of a database filled by seed-scale');
  const variants = variantsOf(process.env.AB_VARIANTS ?? 'as-is=');
  const rounds = Number(process.env.AB_ROUNDS ?? 3);
  const signer = await startBenchServer({ databaseUrl });
  const members = await signIn(signer.url, WARM + READ).finally(() => signer.stop());
  const requests = pages(members);
  const warm = requests.slice(0, WARM * 4);
  const read = requests.slice(WARM * 4);
  const pgDir = await dataDirectoryOf(databaseUrl);
  const figures = new Map<string, string[]>();
  for (let round = 0; round < rounds; round++) {
    for (const [label, flags] of variants) {
      const server = await startBenchServer({
        databaseUrl: process.env[`AB_DB_${label}`] ?? databaseUrl,
        env: envOf(process.env[`AB_ENV_${label}`]),
        checkout: process.env[`AB_CHECKOUT_${label}`],
        nodeArgs: flags.split(' ').filter(Boolean),
      });
      try {
        await readAll(server.url, warm);
        const meter = cpuMeter({ api: () => [server.pid], db: () => postgresPids(pgDir) });
        await readAll(server.url, read);
        const spent = meter.take();
        const each = (ms: number) => (ms / read.length).toFixed(2);
        figures.set(label, [...(figures.get(label) ?? []), `${each(spent.api!)} / ${each(spent.db!)}`]);
      } finally {
        await server.stop();
      }
    }
  }
  console.log(`CPU a first read, API / PostgreSQL ms (${read.length} reads a round, ${rounds} rounds taking turns):`);
  for (const [label, runs] of figures) console.log(`  ${label}: ${runs.join('; ')}`);
}

if (process.env.SLOW === '1') console.log((await withCpuHalved(main)).note);
else await main();
