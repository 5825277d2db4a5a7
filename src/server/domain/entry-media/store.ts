/**
 * Entry media files: what the bytes are (never the name or the declared type), the image
 * variants, and one media row per stored file so storage utilization counts them.
 * Shares the picture store's helpers (content check, random names, disk layout).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { loadSharp } from '../../sharp';
import { ENTRY_MESSAGES, type PostGallery } from '../../../contract/entries';
import { galleryPath, MEDIA_LIMITS, VIDEO_PLACEHOLDER, type GalleryDir, type MediaType, type MediaUpload } from '../../../contract/media';
import type { Db } from '../../db/client';
import { media } from '../../db/schema/media';
import { fieldError } from '../../http-error';
import { inspectImage, MAX_INPUT_PIXELS, newFileName } from '../pictures/store';
import type { MediaFiles } from '../media-files';

/** Containers browsers play, by file-type's extension → what we store it as. */
const PLAYABLE: Record<string, { mediaType: Exclude<MediaType, 'image'>; ext: string; mime: string }> = {
  mp4: { mediaType: 'video', ext: 'mp4', mime: 'video/mp4' },
  m4v: { mediaType: 'video', ext: 'mp4', mime: 'video/mp4' },
  webm: { mediaType: 'video', ext: 'webm', mime: 'video/webm' },
  ogv: { mediaType: 'video', ext: 'ogv', mime: 'video/ogg' },
  ogg: { mediaType: 'audio', ext: 'ogg', mime: 'audio/ogg' },
  oga: { mediaType: 'audio', ext: 'ogg', mime: 'audio/ogg' },
  opus: { mediaType: 'audio', ext: 'ogg', mime: 'audio/ogg' },
  mp3: { mediaType: 'audio', ext: 'mp3', mime: 'audio/mpeg' },
  m4a: { mediaType: 'audio', ext: 'm4a', mime: 'audio/mp4' },
  wav: { mediaType: 'audio', ext: 'wav', mime: 'audio/wav' },
};

export type Inspected =
  | { mediaType: 'image'; width: number; height: number }
  | { mediaType: 'video' | 'audio'; ext: string; mime: string };

/** Null when the bytes are none of the accepted images, videos or audio. */
export async function inspectUpload(bytes: Buffer): Promise<Inspected | null> {
  const image = await inspectImage(bytes);
  if (image) return { mediaType: 'image', width: image.width, height: image.height };
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const playable = type ? PLAYABLE[type.ext] : undefined;
  return playable ? { mediaType: playable.mediaType, ext: playable.ext, mime: playable.mime } : null;
}

export const capOf = (inspected: Inspected): number => (inspected.mediaType === 'image' ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.videoBytes);

type Rendered = { dir: GalleryDir; bytes: Buffer; width: number; height: number };

/** The display picture and its thumbnail: EXIF-turned, never enlarged, WebP without metadata. */
export async function renderGalleryImage(original: Buffer): Promise<Rendered[]> {
  const sharp = await loadSharp();
  const turned = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate().toBuffer();
  const render = async (dir: GalleryDir, px: number, quality: number): Promise<Rendered> => {
    const { data, info } = await sharp(turned)
      .resize(px, px, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { dir, bytes: data, width: info.width, height: info.height };
  };
  return Promise.all([render('gallery', MEDIA_LIMITS.displayPx, 85), render('gallery-thumb', MEDIA_LIMITS.thumbPx, 80)]);
}

/** Writes the files under one new random name and records them; answers the postGalleries item. */
export async function saveGallery(
  db: Db,
  files: MediaFiles,
  ownerId: number,
  bytes: Buffer,
  inspected: Inspected,
  albumName: string,
): Promise<MediaUpload> {
  if (inspected.mediaType === 'image') {
    const variants = await renderGalleryImage(bytes);
    const fileName = newFileName('webp');
    for (const v of variants) await files.write(db, v.dir, fileName, v.bytes);
    await db.insert(media).values(
      variants.map((v) => ({ ownerId, imageType: v.dir, fileName, mimeType: 'image/webp', bytes: v.bytes.length, width: v.width, height: v.height })),
    );
    const display = variants[0]!;
    return { path: galleryPath('gallery', fileName), width: display.width, height: display.height, mediaType: 'image', albumName };
  }
  // Video and audio are stored as sent (no transcoding on the server); the spec's placeholder size.
  const fileName = newFileName(inspected.ext);
  const size = inspected.mediaType === 'video' ? VIDEO_PLACEHOLDER : { width: 0, height: 0 };
  await files.write(db, 'gallery', fileName, bytes);
  await db.insert(media).values({ ownerId, imageType: 'gallery', fileName, mimeType: inspected.mime, bytes: bytes.length, ...size });
  return { path: galleryPath('gallery', fileName), ...size, mediaType: inspected.mediaType, albumName };
}

/** What a stored file's MIME type says it is (rows keep image/webp, video/*, audio/*). */
const mediaTypeOf = (mime: string): MediaType => (mime.startsWith('video/') ? 'video' : mime.startsWith('audio/') ? 'audio' : 'image');

/**
 * Which of `paths` (postGalleries paths) are entry media the member uploaded, with what
 * each file is: an entry may only name its author's files, as what they are.
 */
export async function ownedGalleryPaths(db: Db, ownerId: number, paths: string[]): Promise<Map<string, MediaType>> {
  const names = paths.map((p) => p.slice(p.lastIndexOf('/') + 1)).filter(Boolean);
  if (!names.length) return new Map();
  const rows = await db
    .select({ fileName: media.fileName, mimeType: media.mimeType })
    .from(media)
    .where(and(eq(media.ownerId, ownerId), eq(media.imageType, 'gallery'), inArray(media.fileName, names)));
  return new Map(rows.map((r) => [galleryPath('gallery', r.fileName), mediaTypeOf(r.mimeType)]));
}

/**
 * An entry's galleries name files its author uploaded (POST user/post/media), each as the
 * kind of media it is; `reused` are paths allowed as they are (a share re-uses the
 * original's galleries). Otherwise a 400 on postGalleries: another member's file, a
 * made-up path or a picture called a video (a Theatre entry needs a real video).
 */
export async function checkOwnGalleries(db: Db, ownerId: number, galleries: PostGallery[], reused: ReadonlySet<string> = new Set()) {
  const fresh = galleries.filter((g) => !reused.has(g.path));
  const owned = await ownedGalleryPaths(db, ownerId, fresh.map((g) => g.path));
  for (const g of fresh) {
    const kind = owned.get(g.path);
    if (!kind) throw fieldError('postGalleries', ENTRY_MESSAGES.galleryNotOwned);
    if (kind !== g.mediaType) throw fieldError('postGalleries', ENTRY_MESSAGES.galleryWrongType);
  }
}
