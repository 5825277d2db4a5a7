/**
 * The two homes of media bytes (domain/media-files.ts): the database (PostgreSQL's default,
 * shared by every API process) and the disk (the embedded default). Same answers from both;
 * a database write joins the caller's transaction, so a rolled-back upload leaves no bytes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { databaseMediaFiles, diskMediaFiles, mediaFilesFor, type MediaFiles } from '../../src/server/domain/media-files';
import { createDatabase, dbTargets } from '../support/server';

const NAME = `${'ab'.repeat(16)}.webp`;
const BYTES = Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 3, 255]);

describe.each(dbTargets())('media files on $name', (target) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  const folder = mkdtempSync(path.join(tmpdir(), 'billionett-media-files-'));

  beforeAll(async () => {
    const created = target.databaseUrl ? await createDatabase(target.databaseUrl) : null;
    drop = created?.drop;
    database = await openDatabase({ databaseUrl: created?.url });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
    rmSync(folder, { recursive: true, force: true });
  });

  it('PostgreSQL keeps media in the database; the embedded database on disk', () => {
    expect(mediaFilesFor(database, folder)?.kind).toBe(target.name === 'postgres' ? 'database' : 'disk');
  });

  const stores: [string, () => MediaFiles][] = [
    ['database', () => databaseMediaFiles(database.db)],
    ['disk', () => diskMediaFiles(path.join(folder, 'disk'))],
  ];
  it.each(stores)('%s: stores, reads, lists and removes a file; a missing file reads as null', async (_kind, make) => {
    const files = make();
    expect(await files.read('gallery', NAME)).toBeNull();
    await files.write(database.db, 'gallery', NAME, BYTES);
    await files.write(database.db, 'gallery-thumb', NAME, BYTES.subarray(0, 4));
    expect(await files.read('gallery', NAME)).toEqual(BYTES);
    expect(await files.read('primary', NAME)).toBeNull();
    expect((await files.list()).sort((a, b) => a.dir.localeCompare(b.dir))).toEqual([
      { dir: 'gallery', fileName: NAME },
      { dir: 'gallery-thumb', fileName: NAME },
    ]);
    await files.remove([
      { dir: 'gallery', fileName: NAME },
      { dir: 'gallery-thumb', fileName: NAME },
    ]);
    expect(await files.read('gallery', NAME)).toBeNull();
    expect(await files.list()).toEqual([]);
  });

  it('database: a write in a transaction that rolls back leaves no bytes', async () => {
    const files = databaseMediaFiles(database.db);
    await expect(
      database.db.transaction(async (tx) => {
        await files.write(tx as never, 'source', NAME, BYTES);
        throw new Error('the upload failed after its file was written');
      }),
    ).rejects.toThrow('the upload failed');
    expect(await files.read('source', NAME)).toBeNull();
  });

  it('database: files a former disk store kept stay readable, and removable', async () => {
    const former = path.join(folder, 'former');
    mkdirSync(path.join(former, 'primary'), { recursive: true });
    writeFileSync(path.join(former, 'primary', NAME), BYTES);
    const files = databaseMediaFiles(database.db, former);
    expect(await files.read('primary', NAME)).toEqual(BYTES);
    await files.remove([{ dir: 'primary', fileName: NAME }]);
    expect(await files.read('primary', NAME)).toBeNull();
  });
});
