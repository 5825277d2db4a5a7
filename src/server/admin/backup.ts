/**
 * Backup and restore of the embedded database and its media. A backup is a folder:
 * pglite.tar.gz (PGlite's own dump of its files, taken inside the process that holds them,
 * so it is consistent) and media/ (the uploaded files). Restore needs the data directory's
 * lock (no server running) and replaces the database and the media with the backup's.
 * With PostgreSQL, pg_dump and pg_restore are the tools (README).
 */
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { PGLITE_EXTENSIONS } from '../db/extensions';

const DUMP = 'pglite.tar.gz';

export async function writeBackup(database: Database, dataDir: string, out: string): Promise<string> {
  if (!database.dump) throw new Error('Backups here are of the embedded database; with PostgreSQL use pg_dump (README).');
  const folder = path.resolve(out);
  if (existsSync(folder)) throw new Error(`${folder} exists already; give a new folder.`);
  await mkdir(folder, { recursive: true });
  // The database first: media files are only ever added under new names, so a file the
  // dump names is already on disk when the media are copied after it.
  const dump = await database.dump();
  await writeFile(path.join(folder, DUMP), Buffer.from(await dump.arrayBuffer()));
  const media = path.resolve(dataDir, 'media');
  if (existsSync(media)) await cp(media, path.join(folder, 'media'), { recursive: true });
  return `Backed up to ${folder}`;
}

export async function restoreBackup(dataDir: string, from: string): Promise<string> {
  const folder = path.resolve(from);
  const dumpFile = path.join(folder, DUMP);
  if (!existsSync(dumpFile)) throw new Error(`${dumpFile} not found: is ${folder} a backup folder?`);
  const lock = await lockDataDir(dataDir, 'npm run admin -- restore');
  try {
    // Load the dump beside the live database first: a backup that does not open leaves
    // the current data untouched. Only then swap, keeping the old files until the new are in.
    const target = path.resolve(dataDir, 'pglite');
    const incoming = `${target}.restoring`;
    const previous = `${target}.before-restore`;
    await rm(incoming, { recursive: true, force: true });
    const bytes = await readFile(dumpFile);
    const client = await PGlite.create({ dataDir: incoming, loadDataDir: new Blob([new Uint8Array(bytes)]), extensions: PGLITE_EXTENSIONS });
    await client.close();
    await rm(previous, { recursive: true, force: true });
    if (existsSync(target)) await rename(target, previous);
    await rename(incoming, target);
    await rm(previous, { recursive: true, force: true });
    const media = path.resolve(dataDir, 'media');
    await rm(media, { recursive: true, force: true });
    if (existsSync(path.join(folder, 'media'))) await cp(path.join(folder, 'media'), media, { recursive: true });
    return `Restored ${dataDir} from ${folder}`;
  } finally {
    await lock.release();
  }
}
