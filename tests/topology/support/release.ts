/**
 * "The next release", made from this checkout for the rolling deploy: a directory laid out as
 * an operator's unpacked release is — the compiled server (dist-server/, the migrations
 * beside it), the client build (dist/), the start scripts, package.json and the installed
 * node_modules (linked: the same dependencies) — differing from what the hosts run now in
 * two ways a real release could:
 *
 * - one more migration, expand-only (a nullable column), in the compiled server's
 *   migrations with its line in meta/_journal.json: the first new host applies it while the
 *   old hosts keep serving against the new schema;
 * - a client that differs: index.html carries a release mark, and the service worker's
 *   precache names index.html with the new revision, so an installed app finds a new
 *   service worker and offers its update.
 *
 * No sources are copied, so `npm start` there finds nothing stale and never rebuilds
 * (scripts/stale.mjs compares against sources that do not exist, and the stamps are newer
 * than the copied scripts).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { RUN_DIR } from './procs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const RELEASE_DIR = path.join(RUN_DIR, 'release');

export type Release = {
  dir: string;
  /** The migration's file name, its SQL, and the table and column it adds. */
  migration: { tag: string; sql: string; table: string; column: string };
  /** What the new client's index.html carries, for the app to show it runs the new one. */
  mark: string;
};

type Journal = { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };

export function buildRelease(): Release {
  rmSync(RELEASE_DIR, { recursive: true, force: true });
  mkdirSync(path.join(RELEASE_DIR, 'scripts'), { recursive: true });
  // build-fine-land.mjs: the server finds its root by it (src/server/geo/fine-land.ts).
  for (const f of ['scripts/start.mjs', 'scripts/build-server.mjs', 'scripts/stale.mjs', 'scripts/build-fine-land.mjs', 'package.json']) cpSync(path.join(ROOT, f), path.join(RELEASE_DIR, f));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(RELEASE_DIR, 'node_modules'));
  cpSync(path.join(ROOT, 'dist-server'), path.join(RELEASE_DIR, 'dist-server'), { recursive: true });
  cpSync(path.join(ROOT, 'dist'), path.join(RELEASE_DIR, 'dist'), { recursive: true });

  const migration = addMigration(path.join(RELEASE_DIR, 'dist-server', 'migrations'));
  const mark = `topology-${Date.now().toString(36)}`;
  markClient(path.join(RELEASE_DIR, 'dist'), mark);
  // The freshness stamps last: newer than everything copied (scripts/stale.mjs).
  const now = new Date(Date.now() + 1000);
  for (const stamp of ['dist-server/start.js', 'dist/index.html']) utimesSync(path.join(RELEASE_DIR, stamp), now, now);
  return { dir: RELEASE_DIR, migration, mark };
}

function addMigration(folder: string): Release['migration'] {
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const last = journal.entries.at(-1)!;
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_topology_release`;
  const table = 'posts';
  const column = 'release_note';
  // Expand only: a new nullable column the old code never names (docs/operations.md "Upgrades").
  const sql = `ALTER TABLE "${table}" ADD COLUMN "${column}" text;\n`;
  writeFileSync(path.join(folder, `${tag}.sql`), sql);
  // drizzle applies what is newer than the last applied migration's `when`.
  journal.entries.push({ idx, version: last.version, when: Math.max(Date.now(), last.when + 1), tag, breakpoints: true });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return { tag, sql, table, column };
}

/** index.html with the release's mark (and its precompressed copies), and the precache's new revision of it. */
function markClient(dist: string, mark: string): void {
  const indexFile = path.join(dist, 'index.html');
  const html = readFileSync(indexFile, 'utf8').replace('<head>', `<head><meta name="billionett-release" content="${mark}">`);
  if (!html.includes(mark)) throw new Error('release: index.html has no <head> to mark');
  writeFileSync(indexFile, html);
  // The server sends these when the browser accepts them: they must say the same.
  if (existsSync(`${indexFile}.br`)) writeFileSync(`${indexFile}.br`, brotliCompressSync(html));
  if (existsSync(`${indexFile}.gz`)) writeFileSync(`${indexFile}.gz`, gzipSync(html));
  const swFile = path.join(dist, 'sw.js');
  const sw = readFileSync(swFile, 'utf8');
  const entry = /\{"revision":"([0-9a-f]+)","url":"index\.html"\}/;
  if (!entry.test(sw)) throw new Error('release: sw.js precaches no index.html revision to replace');
  const revision = createHash('md5').update(html).digest('hex');
  writeFileSync(swFile, sw.replace(entry, `{"revision":"${revision}","url":"index.html"}`));
  for (const compressed of ['.br', '.gz']) rmSync(`${swFile}${compressed}`, { force: true });
}

/**
 * The rule of tests/unit/migrations-expand.test.ts, as this one migration must meet it:
 * additive statements only (a new table, a nullable column or one with a default, an index).
 */
export function isExpandOnly(sql: string): boolean {
  const statements = sql.split(/--> statement-breakpoint|;\s*\n?/).map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
  const additive = /^(CREATE\s+(TABLE|(UNIQUE\s+)?INDEX)\b|ALTER\s+TABLE\s+"?\w+"?\s+ADD\s+COLUMN\b)/i;
  const contracting = /\b(DROP|RENAME|SET\s+NOT\s+NULL|TYPE)\b/i;
  const requiredWithoutDefault = (s: string) => /\bADD\s+COLUMN\b/i.test(s) && /\bNOT\s+NULL\b/i.test(s) && !/\bDEFAULT\b/i.test(s);
  return statements.length > 0 && statements.every((s) => additive.test(s) && !contracting.test(s) && !requiredWithoutDefault(s));
}
