import { z } from 'zod';
import { PICTURE_MESSAGES } from './pictures';

export { GALLERY_DIRS, galleryPath, galleryThumbPath, MEDIA_LIMITS, type GalleryDir } from './media-files';

/**
 * Entry media (spec/product.md 5 "Uploads": one file; audio, video or image for entry
 * media). One multipart upload per file — `file` (the bytes), optional `albumName` —
 * answered with a postGalleries item. Writes from the outbox carry an Idempotency-Key
 * (the blob id), so a replayed upload answers the first answer and stores nothing twice.
 */
export const MEDIA_PATHS = {
  /** multipart: file, albumName? → data: MediaUpload (201). */
  upload: 'user/post/media',
} as const;

export const MEDIA_TYPES = ['image', 'video', 'audio'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** spec/product.md 5: "A file whose type contains video is a video with a default 800x600 placeholder." */
export const VIDEO_PLACEHOLDER = { width: 800, height: 600 } as const;

/** `{hex32}.{ext}`: images are always re-encoded to WebP; video and audio keep their container. */
export const GALLERY_NAME_PATTERN = /^[0-9a-f]{32}\.(webp|mp4|webm|ogv|ogg|mp3|m4a|wav)$/;
export const GALLERY_MIME: Record<string, string> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
};

/** The answer: a postGalleries item without its order (the composer sets it). */
export const mediaUpload = z.object({
  /** `/media/gallery/{hex32}.{ext}` */
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  mediaType: z.enum(MEDIA_TYPES),
  albumName: z.string(),
});
export type MediaUpload = z.infer<typeof mediaUpload>;

export const MEDIA_MESSAGES = {
  /** spec/calls.md §8; {name} is the file name the member picked. */
  uploadFailed: PICTURE_MESSAGES.uploadFailed,
  // Not in spec.
  tooLarge: 'The file is too large: images up to 10 MB, videos and audio up to 50 MB.',
  missing: 'Please choose a file.',
  oneFile: 'Please send one file at a time.',
} as const;
