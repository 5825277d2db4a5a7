/**
 * The database's time for one feed page (issue 13: "the database time of one page at 1k,
 * 10k and 100k members"): the statements the server runs for a home page and a suite page
 * (routes/entries/feed-page.ts, captured from drizzle as built), each PREPAREd and run with
 * `EXPLAIN (ANALYZE, SUMMARY) EXECUTE` on a connection set as the server's feed pool is
 * (generic plans, no JIT): planning + execution, summed over the page's statements, the
 * median of ten runs after six warm-ups (PostgreSQL builds its generic plan on the sixth).
 * The viewer: a member of a circle (their home reads its entries too: three generated members
 * in ten are in one) with a median number of billionetts; the suite is their own. Then the
 * same statements run by a bare client as the server's driver runs them (`roundTrip`): what
 * any API process must wait for them, driver and loopback included.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client, Pool } from 'pg';
import { listItems } from '../../src/server/routes/entries/feed-page';
import type { FeedMode } from '../../src/server/routes/entries/feed-where';

type Captured = { sql: string; params: unknown[] };

const literal = (v: unknown) => (v === null ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Planning and execution (ms) of the page's statements, summed; and `roundTrip`, the same
 * statements run by this bare client as the server's driver runs them (named, extended
 * protocol, over loopback): the least any API process could take for them.
 */
async function pageTime(client: Client, statements: Captured[], tag: string): Promise<{ planning: number; execution: number; roundTrip: number }> {
  let planning = 0;
  let execution = 0;
  let roundTrip = 0;
  for (const [i, q] of statements.entries()) {
    const name = `bench_${tag}_${i}`;
    await client.query(`prepare ${name} as ${q.sql}`);
    const args = q.params.length ? `(${q.params.map(literal).join(', ')})` : '';
    const plans: number[] = [];
    const runs: number[] = [];
    for (let k = 0; k < 16; k++) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, timing off, summary on) execute ${name}${args}`);
      const line = (start: string) => Number(/([\d.]+) ms/.exec(rows.find((r) => r['QUERY PLAN'].startsWith(start))?.['QUERY PLAN'] ?? '')?.[1] ?? NaN);
      if (k < 6) continue;
      plans.push(line('Planning Time'));
      runs.push(line('Execution Time'));
    }
    planning += median(plans);
    execution += median(runs);
    const trips: number[] = [];
    for (let k = 0; k < 16; k++) {
      const started = performance.now();
      await client.query({ name: `${name}_rt`, text: q.sql, values: q.params });
      if (k >= 6) trips.push(performance.now() - started);
    }
    roundTrip += median(trips);
  }
  return { planning, execution, roundTrip };
}

export type DbTime = { mode: string; planning: number; execution: number; roundTrip: number };

export async function feedDbTime(url: string): Promise<DbTime[]> {
  const captured: Captured[] = [];
  const pool = new Pool({ connectionString: url, max: 1 });
  const db = drizzle(pool, { logger: { logQuery: (sql, params) => captured.push({ sql, params }) } }) as never;
  const client = new Client({ connectionString: url, options: '-c jit=off -c plan_cache_mode=force_generic_plan' });
  await client.connect();
  try {
    const { rows } = await client.query<{ viewer: number }>(
      `with degree as (select user_a as id, count(*) as n from friendships where user_a in (select user_id from circle_members) group by user_a)
       select d.id as viewer from degree d order by d.n, d.id offset (select count(*) / 2 from degree) limit 1`,
    );
    const { viewer } = rows[0]!;
    const out: DbTime[] = [];
    // Home, and the viewer's own suite.
    for (const [mode, target] of [['home', 0], ['suite', viewer]] as [FeedMode, number][]) {
      captured.length = 0;
      await listItems(db, viewer, { mode, codes: [], target }, { pageNo: 1, pageSize: 5 });
      out.push({ mode, ...(await pageTime(client, [...captured], mode)) });
    }
    return out;
  } finally {
    await client.end();
    await pool.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await feedDbTime(process.argv[2] ?? process.env.DATABASE_URL ?? '')) {
    console.log(`${r.mode}: planning ${r.planning.toFixed(2)} ms, execution ${r.execution.toFixed(2)} ms, round trips ${r.roundTrip.toFixed(2)} ms`);
  }
}
