/**
 * spec §5 "Uploads" for entry media: one file at a time; audio, video or image. A file
 * whose type contains video is a video with the default 800x600 placeholder; an image
 * must load (decode) in the browser, else it is rejected with '{file name} file upload
 * failed.' (shown 3 s). The server checks the bytes again (contract/media.ts).
 */
import { MEDIA_LIMITS, MEDIA_MESSAGES, VIDEO_PLACEHOLDER } from '../../contract/media';
import { uuidv7 } from '../../lib/ids';
import type { PickedFile } from './commands';
import type { Pick } from './form';

export type PickOutcome = { ok: true; pick: Pick; file: PickedFile } | { ok: false; message: string };

function imageSize(blob: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(blob);
    const img = new Image();
    img.addEventListener('load', () => {
      resolve(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null);
      URL.revokeObjectURL(url);
    });
    img.addEventListener('error', () => {
      resolve(null);
      URL.revokeObjectURL(url);
    });
    img.src = url;
  });
}

export async function pickFile(file: File): Promise<PickOutcome> {
  const failed = { ok: false as const, message: MEDIA_MESSAGES.uploadFailed(file.name) };
  const type = file.type;
  const mediaType = type.includes('video') ? 'video' : type.startsWith('audio/') ? 'audio' : type.startsWith('image/') ? 'image' : null;
  if (!mediaType) return failed;
  const cap = mediaType === 'image' ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.videoBytes;
  if (file.size > cap) return { ok: false, message: MEDIA_MESSAGES.tooLarge };
  let size: { width: number; height: number } | null = { width: 0, height: 0 };
  if (mediaType === 'video') size = { ...VIDEO_PLACEHOLDER };
  if (mediaType === 'image') size = await imageSize(file);
  if (!size) return failed;
  const id = uuidv7();
  return { ok: true, pick: { id, name: file.name, type, mediaType, ...size }, file: { id, blob: file } };
}
