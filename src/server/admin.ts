/**
 * Admin CLI (npm run admin -- <command>):
 *   activation-code --plan <emerald|ruby|sapphire> [--count N]   print fresh single-use codes
 *   reset-link --user <email or mobile>                          print a password reset link
 *   backup --out <new folder>                                    copy the embedded database and media
 *   news-publish --heading "…" --link <url> --type <Business|Technology|Culture|Travel>
 *                                                                publish a live news item
 *   news-retire --code <newsCode>                                take a news item off the home column
 *   rotate-keys                                                  a new token signing key; old ones verify until their tokens expire
 *   retire-key --kid <key id>                                    refuse a leaked key's tokens at once, on every host
 *   list-keys                                                    the signing keys and their state (never their secrets)
 *   restore --from <backup folder>                               put a backup back (server stopped)
 *   seed                                                         seed the demo community into an empty database
 *   seed-scale --members N                                       add a generated community for benchmarks (seed/scale.ts)
 *   analyze                                                      refresh the planner's statistics
 * Uses the same DATA_DIR / DATABASE_URL as the server. With the embedded database, the
 * live commands (activation-code … list-keys) reach a running server through its data directory's lock socket (the server
 * runs them); otherwise the CLI holds the data directory itself while it works.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { askRunningServer } from './admin/channel';
import { restoreBackup } from './admin/backup';
import { isLiveCommand, runLiveCommand } from './admin/commands';
import { databasePooling, openDatabase, type Database } from './db/client';
import { mediaFilesFor } from './domain/media-files';
import { DataDirBusy } from './db/data-dir-lock';
import { resolveDemoPassword } from './seed/demo-logins';
import { seedIfEmpty } from './seed/index';
import { seedScale } from './seed/scale';
import { ensureReferenceData } from './seed/reference';

const USAGE =
  'Usage: admin activation-code --plan <emerald|ruby|sapphire> [--count N] | reset-link --user <email|mobile> | backup --out <folder> | news-publish --heading <text> --link <url> --type <type> | news-retire --code <newsCode> | rotate-keys | retire-key --kid <id> | list-keys | restore --from <folder> | seed | seed-scale --members <N> | analyze';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    plan: { type: 'string' },
    count: { type: 'string' },
    user: { type: 'string' },
    out: { type: 'string' },
    from: { type: 'string' },
    heading: { type: 'string' },
    link: { type: 'string' },
    type: { type: 'string' },
    code: { type: 'string' },
    members: { type: 'string' },
    kid: { type: 'string' },
  },
});

const dataDir = process.env.DATA_DIR ?? './data';
const databaseUrl = process.env.DATABASE_URL || undefined;
// Through a transaction pooler, the migrations' lock and the write notices need PostgreSQL itself.
const pg = () => ({ directUrl: process.env.DATABASE_DIRECT_URL || undefined, pooling: databasePooling(process.env.DATABASE_POOLING) });
const publicUrl = process.env.PUBLIC_URL || `http://localhost:${process.env.PORT ?? 8080}`;
const command = positionals[0];

async function onFiles(run: (database: Database) => Promise<void>): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl, ...pg(), owner: `npm run admin -- ${command}` });
  try {
    await ensureReferenceData(database.db);
    await run(database);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  if (isLiveCommand(command)) {
    const served = databaseUrl ? null : await askRunningServer(dataDir, command, values);
    if (served) {
      for (const line of served) console.log(line);
      return;
    }
    await onFiles(async (database) => {
      for (const line of await runLiveCommand({ database, dataDir, publicUrl }, command, values)) console.log(line);
    });
  } else if (command === 'restore') {
    if (databaseUrl) throw new Error('With PostgreSQL, restore with pg_restore (README).');
    if (!values.from) throw new Error('restore needs --from <backup folder>');
    console.log(await restoreBackup(dataDir, values.from));
  } else if (command === 'seed') {
    await onFiles(async (database) => {
      // The same place the server serves /media from (plugins/media.ts).
      const report = await seedIfEmpty(database.db, mediaFilesFor(database, dataDir) ?? undefined, resolveDemoPassword(dataDir));
      console.log(report.seeded ? `Seeded ${report.members} members in ${report.ms} ms.` : `Not seeded: ${report.members} members already.`);
      // Single-user PGlite runs no autovacuum, so without this the planner never has statistics:
      // it then guesses nested loops over whole tables and a feed page took ~100 ms instead of a
      // few. `npm start` runs this step on every boot, in a child, so the serving process never
      // pays for it; the statistics persist in the data directory. Cheap: ≤ 30k rows sampled a table.
      if (!report.seeded) await database.db.execute(sql`analyze`);
    });
  } else if (command === 'seed-scale') {
    // Benchmarks only (issue 13): every generated member signs in with the demo password.
    await onFiles(async (database) => {
      const r = await seedScale(database.db, Number(values.members), resolveDemoPassword(dataDir));
      console.log(`Generated ${r.members} members, ${r.billionettPairs} billionett pairs, ${r.entries} entries, ${r.circles} circles, ${r.comments} comments, ${r.ratings} ratings in ${r.seconds} s.`);
    });
  } else if (command === 'analyze') {
    // `npm start` without the demo community: the planner's statistics still need refreshing.
    await onFiles(async (database) => {
      await database.db.execute(sql`analyze`);
    });
  } else {
    throw new Error(USAGE);
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof DataDirBusy || error instanceof Error ? error.message : error);
  // At once: a failure halfway through opening the database may leave connections behind.
  process.exit(1);
}
