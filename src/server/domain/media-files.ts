/**
 * Where the bytes of media files live. Two places, one interface:
 * - disk (the embedded database's default): DATA_DIR/media/{dir}/{fileName}, beside the
 *   database files, backed up with them (admin backup);
 * - database (the default on PostgreSQL): the `media_files` table, so every API process
 *   (WORKERS=N, or several machines behind a load balancer) reads what any of them stored,
 *   and `pg_dump` backs media up with the rows that name them. A write can join the caller's
 *   transaction, so a picture and its `media` row are stored together or not at all.
 * A file name is 128 random bits and never reused, so files are only ever added and removed.
 */
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, or, sql } from 'drizzle-orm';
import type { GalleryDir } from '../../contract/media';
import type { ImageType } from '../../contract/pictures';
import { queryRows, type Db, type DbKind } from '../db/client';
import { mediaFiles } from '../db/schema/media';

/** A picture type or an entry media folder (contract/media.ts GALLERY_DIRS). */
export type MediaDir = ImageType | GalleryDir;
export type MediaFile = { dir: MediaDir; fileName: string };

export interface MediaFiles {
  readonly kind: 'disk' | 'database';
  /** Stores a file; `db` is the caller's transaction, joined where the bytes live in the database. */
  write(db: Db, dir: MediaDir, fileName: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(dir: MediaDir, fileName: string): Promise<Buffer | null>;
  /**
   * The file's bytes as a stream, or null when there is none: a large file (a 50 MB video in a
   * data export) is sent on in chunks, never held whole.
   */
  stream(dir: MediaDir, fileName: string): Promise<Readable | null>;
  /** Best effort: a file left behind costs space, never correctness (its row is gone). */
  remove(files: MediaFile[]): Promise<void>;
  /** Every stored file (tests, and the backup's check). */
  list(): Promise<MediaFile[]>;
}

export function diskMediaFiles(root: string): MediaFiles {
  const fileAt = (dir: MediaDir, fileName: string) => path.join(root, dir, fileName);
  return {
    kind: 'disk',
    async write(_db, dir, fileName, bytes) {
      await mkdir(path.join(root, dir), { recursive: true });
      await writeFile(fileAt(dir, fileName), bytes);
    },
    async read(dir, fileName) {
      return readFile(fileAt(dir, fileName)).catch(() => null);
    },
    async stream(dir, fileName) {
      const found = await stat(fileAt(dir, fileName)).catch(() => null);
      return found?.isFile() ? createReadStream(fileAt(dir, fileName)) : null;
    },
    async remove(files) {
      await Promise.all(files.map((f) => rm(fileAt(f.dir, f.fileName), { force: true }).catch(() => {})));
    },
    async list() {
      if (!existsSync(root)) return [];
      const dirs = await readdir(root, { withFileTypes: true });
      const found = await Promise.all(
        dirs.filter((d) => d.isDirectory()).map(async (d) => (await readdir(path.join(root, d.name))).map((fileName) => ({ dir: d.name as MediaDir, fileName }))),
      );
      return found.flat();
    },
  };
}

/** How much of a file in the database one read takes while streaming it. */
const STREAM_SLICE = 1024 * 1024;

/**
 * `formerDisk`: the media folder of a server that kept files on disk before (DATA_DIR/media),
 * still read for the files stored there, so moving to the database loses none of them.
 */
export function databaseMediaFiles(db: Db, formerDisk?: string): MediaFiles {
  const former = formerDisk && existsSync(formerDisk) ? diskMediaFiles(formerDisk) : null;
  return {
    kind: 'database',
    async write(tx, dir, fileName, bytes) {
      await tx.insert(mediaFiles).values({ dir, fileName, bytes });
    },
    async read(dir, fileName) {
      const [row] = await db
        .select({ bytes: mediaFiles.bytes })
        .from(mediaFiles)
        .where(and(eq(mediaFiles.dir, dir), eq(mediaFiles.fileName, fileName)))
        .limit(1);
      return row?.bytes ?? (former ? former.read(dir, fileName) : null);
    },
    async stream(dir, fileName) {
      const where = sql`dir = ${dir} and file_name = ${fileName}`;
      const [row] = await queryRows<{ size: number }>(db, sql`select octet_length(bytes)::int as size from media_files where ${where}`);
      if (!row) return former ? former.stream(dir, fileName) : null;
      const size = row.size;
      // Slices of the value: PostgreSQL reads only the TOAST chunks each slice needs (media are
      // already compressed, so stored uncompressed), and Node holds one slice at a time.
      async function* slices() {
        for (let offset = 0; offset < size; offset += STREAM_SLICE) {
          const [slice] = await queryRows<{ part: Buffer | Uint8Array }>(db, sql`select substring(bytes from ${offset + 1} for ${STREAM_SLICE}) as part from media_files where ${where}`);
          if (!slice) throw new Error(`media file ${dir}/${fileName} went away while it was read`);
          yield Buffer.isBuffer(slice.part) ? slice.part : Buffer.from(slice.part.buffer, slice.part.byteOffset, slice.part.byteLength);
        }
      }
      return Readable.from(slices(), { objectMode: false });
    },
    async remove(files) {
      if (files.length === 0) return;
      await db
        .delete(mediaFiles)
        .where(or(...files.map((f) => and(eq(mediaFiles.dir, f.dir), eq(mediaFiles.fileName, f.fileName)))))
        .catch(() => {});
      await former?.remove(files);
    },
    async list() {
      const rows = await db.select({ dir: mediaFiles.dir, fileName: mediaFiles.fileName }).from(mediaFiles);
      return rows.map((r) => ({ dir: r.dir as MediaDir, fileName: r.fileName }));
    },
  };
}

/**
 * The place for this database: PostgreSQL keeps media itself (shared by every process);
 * the embedded database keeps them on disk in DATA_DIR/media, beside its own files.
 * Null for an in-memory embedded database (the caller picks a temporary folder).
 */
export function mediaFilesFor(database: { db: Db; kind: DbKind }, dataDir: string | undefined): MediaFiles | null {
  const folder = dataDir ? path.resolve(dataDir, 'media') : undefined;
  if (database.kind === 'postgres') return databaseMediaFiles(database.db, folder);
  return folder ? diskMediaFiles(folder) : null;
}
