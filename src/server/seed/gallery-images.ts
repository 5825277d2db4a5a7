/**
 * Pictures for the seeded galleries: abstract compositions drawn here (no bundled photos,
 * no network), stored like an upload — a WebP display picture and its thumbnail under one
 * random name in the gallery{,-thumb} folders (domain/media-files.ts), with a media row for the owner's storage.
 * Drawn small and encoded at low effort, all at once: ~8 pictures cost well under a second.
 */
import { loadSharp } from '../sharp';
import type { PostGallery } from '../../contract/entries';
import { galleryPath, MEDIA_LIMITS } from '../../contract/media';
import type { Db } from '../db/client';
import { media } from '../db/schema/media';
import type { MediaFiles } from '../domain/media-files';
import { newFileName } from '../domain/pictures/store';

const WIDTH = 960;
const HEIGHT = 640;

/** Two hues, a disc and a card, placed by `n`: different enough to tell apart in a grid. */
const drawing = (n: number) => {
  const hue = (n * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},60%,58%)"/><stop offset="1" stop-color="hsl(${(hue + 70) % 360},45%,28%)"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <circle cx="${180 + ((n * 97) % 600)}" cy="${200 + ((n * 61) % 240)}" r="${120 + ((n * 23) % 90)}" fill="rgba(255,255,255,0.28)"/>
  <rect x="${80 + ((n * 131) % 560)}" y="${90 + ((n * 43) % 200)}" width="260" height="340" rx="28" fill="rgba(0,0,0,0.18)"/>
</svg>`;
};

export type SeedPicture = { ownerId: number; albumName: string };

/** Draws and stores one picture per request; answers their gallery items (paths and sizes) in order. */
export async function storeSeedPictures(db: Db, files: MediaFiles, wanted: SeedPicture[], first = 0): Promise<PostGallery[]> {
  const sharp = await loadSharp();
  const made = await Promise.all(
    wanted.map(async (w, i) => {
      const raw = await sharp(Buffer.from(drawing(first + i))).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const base = sharp(raw.data, { raw: raw.info });
      const [display, thumb] = await Promise.all([
        base.clone().webp({ quality: 80, effort: 0 }).toBuffer({ resolveWithObject: true }),
        base.clone().resize(MEDIA_LIMITS.thumbPx, MEDIA_LIMITS.thumbPx, { fit: 'inside' }).webp({ quality: 75, effort: 0 }).toBuffer({ resolveWithObject: true }),
      ]);
      return { w, fileName: newFileName('webp'), display, thumb };
    }),
  );
  // Drawn side by side, stored one after another: `db` may be one connection's transaction.
  for (const { fileName, display, thumb } of made) {
    await files.write(db, 'gallery', fileName, display.data);
    await files.write(db, 'gallery-thumb', fileName, thumb.data);
  }
  await db.insert(media).values(
    made.flatMap(({ w, fileName, display, thumb }) => [
      { ownerId: w.ownerId, imageType: 'gallery', fileName, mimeType: 'image/webp', bytes: display.data.length, width: display.info.width, height: display.info.height },
      { ownerId: w.ownerId, imageType: 'gallery-thumb', fileName, mimeType: 'image/webp', bytes: thumb.data.length, width: thumb.info.width, height: thumb.info.height },
    ]),
  );
  return made.map(({ w, fileName, display }) => ({
    path: galleryPath('gallery', fileName),
    width: display.info.width,
    height: display.info.height,
    albumName: w.albumName,
    order: 0,
    mediaType: 'image' as const,
  }));
}
