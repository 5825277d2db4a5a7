/**
 * Admin CLI (npm run admin -- <command>):
 *   activation-code --plan <emerald|ruby|sapphire> [--count N]   print fresh single-use codes
 *   reset-link --user <email or mobile>                          print a password reset link
 *   seed                                                         seed the demo community into an empty database
 * Uses the same DATA_DIR / DATABASE_URL as the server. With PGlite, stop the server first:
 * an embedded database has one owner at a time.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PLAN_CODES, type PlanCode } from '../contract/codes';
import { sql } from 'drizzle-orm';
import { openDatabase } from './db/client';
import { activationCodes } from './db/schema/accounts';
import { createResetToken, findByLogin } from './routes/auth/repo';
import { seedIfEmpty } from './seed/index';
import { ensureReferenceData } from './seed/reference';

const CHARS = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const newCode = () => Array.from(randomBytes(10), (b) => CHARS[b % CHARS.length]).join('');

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { plan: { type: 'string' }, count: { type: 'string' }, user: { type: 'string' } },
});

const dataDir = process.env.DATA_DIR ?? './data';
const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
try {
  await ensureReferenceData(database.db);
  const command = positionals[0];
  if (command === 'activation-code') {
    const plan = values.plan as PlanCode | undefined;
    if (!plan || !PLAN_CODES.includes(plan)) throw new Error(`--plan must be one of ${PLAN_CODES.join(', ')}`);
    const count = Math.max(1, Math.min(100, Number(values.count ?? 1)));
    for (let i = 0; i < count; i += 1) {
      const code = newCode();
      await database.db.insert(activationCodes).values({ code, planCode: plan });
      console.log(code);
    }
  } else if (command === 'reset-link') {
    const account = values.user ? await findByLogin(database.db, values.user) : null;
    if (!account) throw new Error('No account found with that email or mobile no.');
    const token = await createResetToken(database.db, account.id);
    const base = (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/+$/, '');
    console.log(`${base}/reset-password/${token}`);
  } else if (command === 'seed') {
    // The same folder the server serves /media from (plugins/media.ts).
    const report = await seedIfEmpty(database.db, path.resolve(dataDir, 'media'));
    console.log(report.seeded ? `Seeded ${report.members} members in ${report.ms} ms.` : `Not seeded: ${report.members} members already.`);
    // Single-user PGlite runs no autovacuum, so without this the planner never has statistics:
    // it then guesses nested loops over whole tables and a feed page took ~100 ms instead of a
    // few. `npm start` runs this step on every boot, in a child, so the serving process never
    // pays for it; the statistics persist in the data directory. Cheap: ≤ 30k rows sampled a table.
    if (!report.seeded) await database.db.execute(sql`analyze`);
  } else {
    throw new Error('Usage: admin activation-code --plan <emerald|ruby|sapphire> [--count N] | reset-link --user <email|mobile> | seed');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
