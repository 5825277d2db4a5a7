/**
 * A migrated, empty embedded database as a dump, made once and kept in the system's temporary
 * folder: every in-memory test server starts as a copy of it (db/client.ts memoryTemplate).
 *
 * Why: a fresh PGlite runs initdb, 1.7–3.3 s of CPU, before its migrations (~0.5 s); a copy of
 * the dump opens, and finds its migrations applied, in ~0.6 s. The server suite starts over a
 * hundred such databases, on two cores.
 *
 * The dump is made by openDatabase itself (the migrations as every start runs them), and it is
 * named by a hash of the migrations and PGlite's version, so a changed migration or a new
 * PGlite makes a new one. Two workers may make it at once: each writes its own file and
 * renames it into place, and the rename is atomic.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';

const root = path.resolve(import.meta.dirname, '../..');
const migrations = path.join(root, 'src/server/db/migrations');

function templateName(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!/\.(sql|json)$/.test(file)) continue;
    hash.update(file).update(readFileSync(path.join(migrations, file)));
  }
  return path.join(tmpdir(), `billionett-pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

let made: Promise<Blob> | undefined;

/** The dump, read from its file or made (and written) the first time. */
export function migratedTemplate(): Promise<Blob> {
  made ??= (async () => {
    const file = templateName();
    // File, not Blob: PGlite knows a gzipped tar by the name's ending.
    const named = (bytes: Uint8Array<ArrayBuffer>) => new File([bytes], path.basename(file), { type: 'application/x-gzip' });
    try {
      return named(new Uint8Array(readFileSync(file)));
    } catch {
      // Not made yet (or removed with the temporary folder).
    }
    const database = await openDatabase({});
    try {
      if (!database.dump) throw new Error('openDatabase gave an in-memory database without dump()');
      const bytes = new Uint8Array(await (await database.dump()).arrayBuffer());
      const partial = `${file}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, bytes);
      renameSync(partial, file);
      return named(bytes);
    } finally {
      await database.close();
    }
  })();
  return made;
}
