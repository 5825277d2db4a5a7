/**
 * Where pictures and entry media are served, and how large they may be: what a card needs to
 * draw them, without the upload and crop schemas (pictures.ts, media.ts, which re-export these).
 */
export const IMAGE_TYPES = ['primary', 'secondary', 'tertiary', 'source', 'temp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/**
 * The image URL template. File names are random (128 bits) and never reused, so a variant
 * URL is immutable: served with `Cache-Control: public, max-age=31536000, immutable`
 * outside /api (an <img> sends no bearer token). The temp file is private: only its owner
 * reads it, with the token, at /api/v1/media/temp/{fileName}.
 */
export const MEDIA_BASE = '/media';
export const mediaPath = (imageType: Exclude<ImageType, 'temp'>, fileName: string): string =>
  `${MEDIA_BASE}/${imageType}/${encodeURIComponent(fileName)}`;

/** Folders under /media for entry media: the display file (or the video/audio) and an image thumbnail. */
export const GALLERY_DIRS = ['gallery', 'gallery-thumb'] as const;
export type GalleryDir = (typeof GALLERY_DIRS)[number];

/** The public, immutable URL of an entry media file (served like the profile variants). */
export const galleryPath = (dir: GalleryDir, fileName: string): string => `${MEDIA_BASE}/${dir}/${encodeURIComponent(fileName)}`;
/** The thumbnail of an image's `path` (a video or audio path has none: use the path itself). */
export const galleryThumbPath = (path: string): string =>
  path.endsWith('.webp') ? path.replace(`${MEDIA_BASE}/gallery/`, `${MEDIA_BASE}/gallery-thumb/`) : path;

export const MEDIA_LIMITS = {
  /** An image larger than this is refused (413). */
  imageBytes: 10 * 1024 * 1024,
  /** Video and audio (our decision for audio: the same cap as video). */
  videoBytes: 50 * 1024 * 1024,
  /** Longest side of the display variant and of the thumbnail (WebP, EXIF-turned). */
  displayPx: 1600,
  thumbPx: 480,
} as const;
