/**
 * Entry media for server tests: an entry may only name files its author uploaded, so
 * tests upload real (tiny) ones through POST user/post/media and use the answers.
 */
import sharp from 'sharp';
import { MEDIA_PATHS, mediaUpload, type MediaUpload } from '../../src/contract/media';
import type { TestMember, TestServer } from './server';

/** The first bytes of an MP4 (an ftyp box, brand isom) and padding: enough for the content check. */
export const mp4Header = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41'), Buffer.alloc(2048)]);

export const tinyPng = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();

/** Uploads one file as `m`; answers the gallery item (path, size, media type). */
export async function uploadMedia(s: TestServer, m: TestMember, kind: 'image' | 'video' = 'image'): Promise<MediaUpload> {
  const bytes = kind === 'image' ? await tinyPng() : mp4Header();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), kind === 'image' ? 'tiny.png' : 'clip.mp4');
  const response = await fetch(`${s.api}/${MEDIA_PATHS.upload}`, { method: 'POST', headers: { authorization: `Bearer ${m.token}` }, body: form });
  if (response.status !== 201) throw new Error(`media upload failed: ${response.status} ${await response.text()}`);
  return mediaUpload.parse(((await response.json()) as { data: unknown }).data);
}
