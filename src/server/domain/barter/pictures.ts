/**
 * A listing's pictures are entry media its author uploaded first (POST user/post/media,
 * checked by content there), and only pictures: a made-up path, another member's file or a
 * video is refused with the field's message.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { BARTER_MESSAGES } from '../../../contract/barter';
import { galleryPath } from '../../../contract/media';
import type { Db } from '../../db/client';
import { media } from '../../db/schema/media';
import { fieldError } from '../../http-error';
import type { Picture } from './repo';

export async function ownPictures(db: Db, ownerId: number, paths: string[]): Promise<Picture[]> {
  if (!paths.length) return [];
  const names = paths.map((p) => p.slice(p.lastIndexOf('/') + 1));
  const rows = await db
    .select({ fileName: media.fileName, width: media.width, height: media.height })
    .from(media)
    .where(and(eq(media.ownerId, ownerId), eq(media.imageType, 'gallery'), eq(media.mimeType, 'image/webp'), inArray(media.fileName, names)));
  const found = new Map(rows.map((r) => [galleryPath('gallery', r.fileName), { width: r.width, height: r.height }]));
  return paths.map((path) => {
    const size = found.get(path);
    if (!size) throw fieldError('serviceGalleries', BARTER_MESSAGES.imagesOnly);
    return { path, ...size };
  });
}
