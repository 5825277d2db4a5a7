/**
 * Picture files: content checks and variants with sharp, bytes where domain/media-files.ts
 * keeps them, one media row per file. Names are 128 random bits; a new crop always gets a new name, so variant URLs
 * never change meaning and may be cached forever.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, sum } from 'drizzle-orm';
import { loadSharp } from '../../sharp';
import { IMAGE_FORMATS, SOURCE_MAX_PX, VARIANT_PX, type ImageType } from '../../../contract/pictures';
import type { Db } from '../../db/client';
import { media } from '../../db/schema/media';
import type { MediaFile, MediaFiles } from '../media-files';

/** Refuse decompression bombs: 50 megapixels is more than any camera picture a member picks. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Temp uploads nobody cropped are removed after a day (on the member's next upload). */
const TEMP_TTL_MS = 24 * 60 * 60 * 1000;

export const EXTENSIONS: Record<(typeof IMAGE_FORMATS)[number], string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif' };
export const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

export type ImageInfo = { format: (typeof IMAGE_FORMATS)[number]; width: number; height: number };

const isAccepted = (format: string | undefined): format is ImageInfo['format'] =>
  (IMAGE_FORMATS as readonly string[]).includes(format ?? '');

/** What the bytes really are (never the name or the declared type); null when not an accepted image. */
export async function inspectImage(bytes: Buffer): Promise<ImageInfo | null> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!isAccepted(meta.format) || !meta.width || !meta.height) return null;
    // The header alone can lie: a truncated or corrupt body passes metadata() and then fails
    // (500) when it is cropped or rendered. Decode it once, small (JPEG shrinks on load).
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    // EXIF orientations 5–8 turn the picture a quarter: the member sees (and crops) it turned.
    const turned = (meta.orientation ?? 1) >= 5;
    return { format: meta.format, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
  } catch {
    return null;
  }
}

export const newFileName = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;
export async function saveTemp(db: Db, files: MediaFiles, ownerId: number, bytes: Buffer, info: ImageInfo): Promise<string> {
  await purgeStaleTemps(db, files, ownerId);
  const fileName = newFileName(EXTENSIONS[info.format]);
  await files.write(db, 'temp', fileName, bytes);
  await db.insert(media).values({
    ownerId,
    imageType: 'temp',
    fileName,
    mimeType: MIME_BY_EXT[EXTENSIONS[info.format]]!,
    bytes: bytes.length,
    width: info.width,
    height: info.height,
  });
  return fileName;
}

export async function findTemp(db: Db, ownerId: number, fileName: string) {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.ownerId, ownerId), eq(media.imageType, 'temp'), eq(media.fileName, fileName)))
    .limit(1);
  return row ?? null;
}

export type Crop = { x: number; y: number; w: number; h: number };
type Variant = { imageType: Exclude<ImageType, 'temp'>; bytes: Buffer; width: number; height: number };

/** The crop (in the picture as the member sees it, EXIF-turned) as source + three squares, all WebP without metadata. */
export async function renderVariants(original: Buffer, crop: Crop): Promise<Variant[]> {
  const sharp = await loadSharp();
  const cropped = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .extract({ left: crop.x, top: crop.y, width: crop.w, height: crop.h })
    .toBuffer();
  const render = async (imageType: Variant['imageType'], px: number, fit: 'cover' | 'inside', quality: number): Promise<Variant> => {
    const { data, info } = await sharp(cropped)
      .resize(px, px, { fit, withoutEnlargement: fit === 'inside' })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { imageType, bytes: data, width: info.width, height: info.height };
  };
  return Promise.all([
    render('source', SOURCE_MAX_PX, 'inside', 90),
    render('primary', VARIANT_PX.primary, 'cover', 85),
    render('secondary', VARIANT_PX.secondary, 'cover', 82),
    render('tertiary', VARIANT_PX.tertiary, 'cover', 80),
  ]);
}

/** Writes the variants under one new name and records them; returns the name. */
export async function saveVariants(db: Db, files: MediaFiles, ownerId: number, variants: Variant[]): Promise<string> {
  const fileName = newFileName('webp');
  for (const v of variants) await files.write(db, v.imageType, fileName, v.bytes);
  await db.insert(media).values(
    variants.map((v) => ({ ownerId, imageType: v.imageType, fileName, mimeType: 'image/webp', bytes: v.bytes.length, width: v.width, height: v.height })),
  );
  return fileName;
}

/** Removes the rows of `fileName` (every image type) owned by `ownerId`; returns the files to remove. */
export async function forgetMedia(db: Db, ownerId: number, fileName: string): Promise<MediaFile[]> {
  const rows = await db
    .delete(media)
    .where(and(eq(media.ownerId, ownerId), eq(media.fileName, fileName)))
    .returning({ imageType: media.imageType, fileName: media.fileName });
  return rows.map((r) => ({ dir: r.imageType as ImageType, fileName: r.fileName }));
}

async function purgeStaleTemps(db: Db, files: MediaFiles, ownerId: number): Promise<void> {
  const stale = await db
    .select({ id: media.id, fileName: media.fileName })
    .from(media)
    .where(and(eq(media.ownerId, ownerId), eq(media.imageType, 'temp'), lt(media.createdAt, new Date(Date.now() - TEMP_TTL_MS))));
  if (!stale.length) return;
  await db.delete(media).where(inArray(media.id, stale.map((s) => s.id)));
  await files.remove(stale.map((s) => ({ dir: 'temp', fileName: s.fileName })));
}

/** Bytes of everything the member has stored (storage utilization). */
export async function storedBytes(db: Db, ownerId: number): Promise<number> {
  const [row] = await db.select({ total: sum(media.bytes) }).from(media).where(eq(media.ownerId, ownerId));
  return Number(row?.total ?? 0);
}
