/**
 * PostgreSQL's CPU for one run of a statement over five entry ids, forms of it side by side
 * (issue 32): each form on a connection of its own, prepared once and run with the feed pool's
 * settings (a generic plan, no JIT: db/client.ts feedDb), ROUNDS rounds of N runs taking turns,
 * each read from its backend's /proc CPU; the median and the least round printed per form.
 * The machine's drift over a minute (±30% here) falls on every form alike.
 *
 *   npx tsx tests/bench/statement-cpu.ts --entries > /tmp/entries.sql   # the entries' statement as read-repo.ts builds it
 *   MIX_DB=<url> npx tsx tests/bench/statement-cpu.ts /tmp/entries.sql /tmp/other.sql '/tmp/entries.sql@-c enable_seqscan=off'
 *
 * A form is a file whose one parameter, $1, is an integer[] of entry ids, optionally followed
 * by `@` and settings for its connection. MIX_DB: a database filled by `npm run admin --
 * seed-scale` (the newest 40,000 entries are read in turn, five a run).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client } from 'pg';
import { posts } from '../../src/server/db/schema/entries';
import { selectEntries } from '../../src/server/routes/entries/read-repo';
import { cpuMsOf } from './cpu';

/** The entries' statement with its constant parameters (the laterals' limits) written in, and the ids as $1. */
function entriesText(): string {
  const query = selectEntries(drizzle.mock(), sql`${posts.id} = any(${sql.placeholder('ids')}::integer[])`).toSQL();
  let text = query.sql;
  query.params.forEach((value, i) => {
    const name = new RegExp(`\\$${i + 1}(?![0-9])`, 'g');
    text = text.replace(name, typeof value === 'number' ? String(value) : '$ids');
  });
  return text.replace(/\$ids/g, '$1');
}

async function main(forms: string[]) {
  const databaseUrl = process.env.MIX_DB;
  if (!databaseUrl) throw new Error('MIX_DB: the URL of a database filled by seed-scale');
  const rounds = Number(process.env.ROUNDS ?? 8);
  const runs = Number(process.env.N ?? 1000);
  const connections = await Promise.all(
    forms.map(async (form) => {
      const [file, settings] = form.split('@');
      const client = new Client({ connectionString: databaseUrl, options: `-c jit=off -c plan_cache_mode=force_generic_plan ${settings ?? ''}` });
      await client.connect();
      const pid = Number((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
      return { form, client, pid, text: readFileSync(file!, 'utf8'), spent: [] as number[] };
    }),
  );
  try {
    const ids = (await connections[0]!.client.query<{ id: number }>('select id from posts order by created_at desc limit 40000')).rows.map((r) => r.id);
    const five = (i: number) => [`{${ids.slice((i * 5) % (ids.length - 5), ((i * 5) % (ids.length - 5)) + 5).join(',')}}`];
    const run = (c: (typeof connections)[number], i: number) => c.client.query({ name: 'form', text: c.text, values: five(i) });
    for (const c of connections) for (let i = 0; i < 100; i++) await run(c, i);
    for (let round = 0; round < rounds; round++) {
      for (const c of connections) {
        const before = cpuMsOf(c.pid);
        for (let i = 0; i < runs; i++) await run(c, round * runs + i);
        c.spent.push((cpuMsOf(c.pid) - before) / runs);
      }
    }
    console.log(`PostgreSQL CPU ms a run (${rounds} rounds of ${runs}, taking turns): median, least`);
    for (const c of connections) {
      const sorted = [...c.spent].sort((a, b) => a - b);
      console.log(`  ${c.form}: ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)}, ${sorted[0]!.toFixed(3)}`);
    }
  } finally {
    await Promise.all(connections.map((c) => c.client.end()));
  }
}

if (process.argv[2] === '--entries') console.log(entriesText());
else await main(process.argv.slice(2));
