import { z } from 'zod';

export { IMAGE_TYPES, MEDIA_BASE, mediaPath, type ImageType } from './media-files';

/**
 * Profile pictures (spec/calls.md "User profile"): upload one image as a private temp file,
 * crop it into the public variants, or remove it (profileDp → null, default avatar).
 * Uploads are multipart; answers are the JSON envelope.
 */
export const PICTURE_PATHS = {
  /** multipart: uploadImage (the file), userCode, imageType=temp → data.imageName. */
  uploadTemp: (userCode: string) => `user/upload/tempimage/${userCode}`,
  /** multipart: userCode, x, y, w, h (source pixels), imageName (the temp name) → data.imageName, the new profileDp. */
  crop: 'user/crop/dp-image',
  /** No body → data.profileDp null. */
  removeDp: (userCode: string) => `user/${userCode}/dp/default`,
} as const;

/** One upload at most this big (multipart limit); larger answers 413. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Formats accepted, judged by content (never by name or declared type). */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif'] as const;

/** Longest side in pixels of each square variant; source keeps the cropped size (capped). */
export const VARIANT_PX = { primary: 512, secondary: 160, tertiary: 48 } as const;
export const SOURCE_MAX_PX = 2048;

/** Relative to API_BASE, with the bearer token (the worker's fetch). */
export const tempMediaPath = (fileName: string): string => `media/temp/${encodeURIComponent(fileName)}`;

/** `{hex32}.{ext}`: what the server hands out and accepts back. */
export const IMAGE_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp|gif|avif)$/;

export const imageAnswer = z.object({ imageName: z.string() });
export type ImageAnswer = z.infer<typeof imageAnswer>;

/** Crop fields as sent in the multipart form (numbers arrive as text). */
export const cropFields = z.object({
  userCode: z.string().min(1).max(40),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
  w: z.coerce.number().int().min(1),
  h: z.coerce.number().int().min(1),
  imageName: z.string().regex(IMAGE_NAME_PATTERN),
  /** Circle or slate pictures (later issues): 'group' | 'page' and its code. */
  dpType: z.enum(['group', 'page']).optional(),
  dpValue: z.string().max(40).optional(),
});
export type CropFields = z.infer<typeof cropFields>;

export const removeDpAnswer = z.object({ profileDp: z.null() });

export const PICTURE_MESSAGES = {
  /** spec/calls.md §8; {name} is the file name the member picked. */
  uploadFailed: (fileName: string) => `${fileName} file upload failed.`,
  // Not in spec.
  tooLarge: 'The picture is larger than 10 MB.',
  cropOutside: 'The crop area must lie inside the picture.',
  tempMissing: 'The uploaded picture was not found. Please upload it again.',
} as const;
