/** Entry media: content-checked uploads (image variants, video, audio), caps, idempotent repeats, utilization. */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryThumbPath, MEDIA_LIMITS, MEDIA_MESSAGES, MEDIA_PATHS, mediaUpload, VIDEO_PLACEHOLDER } from '../../src/contract/media';
import { USER_PATHS } from '../../src/contract/user';
import { dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';

/** The first bytes of an MP4 (an ftyp box, brand isom) followed by padding: enough for a magic-bytes check. */
const mp4Header = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41'), Buffer.alloc(2048)]);

describe.each(dbTargets())('entry media on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let owner: TestMember;

  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
    owner = await s.signUpMember();
  });
  afterAll(async () => {
    await s?.close();
  });

  async function upload(file: { name: string; bytes: Buffer; type?: string }, headers: Record<string, string> = {}, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
    const response = await fetch(`${s.api}/${MEDIA_PATHS.upload}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, ...headers },
      body: form,
    });
    // oxlint-disable-next-line typescript/no-explicit-any -- tests read answers loosely.
    return { status: response.status, body: (await response.json()) as any, headers: response.headers };
  }
  const usedMb = async () => (await s.call('GET', USER_PATHS.utilization, { token: owner.token })).body.data.userUtilizationUsageResponse[0].usedSize as number;

  it('stores an image as a display WebP and a thumbnail, EXIF-turned and capped', async () => {
    // Noise: it does not compress, so the stored bytes show in the utilization (MB, two decimals).
    const jpeg = await sharp(randomBytes(3000 * 2000 * 3), { raw: { width: 3000, height: 2000, channels: 3 } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const r = await upload({ name: 'beach.jpg', bytes: jpeg, type: 'image/jpeg' }, {}, { albumName: 'Holidays' });
    expect(r.status).toBe(201);
    const data = mediaUpload.parse(r.body.data);
    expect(data.path).toMatch(/^\/media\/gallery\/[0-9a-f]{32}\.webp$/);
    expect(data).toMatchObject({ mediaType: 'image', albumName: 'Holidays', width: 1067, height: MEDIA_LIMITS.displayPx });
    const display = await fetch(`${s.url}${data.path}`);
    expect(display.status).toBe(200);
    expect(display.headers.get('content-type')).toBe('image/webp');
    expect(display.headers.get('cache-control')).toContain('immutable');
    const thumb = await sharp(Buffer.from(await (await fetch(`${s.url}${galleryThumbPath(data.path)}`)).arrayBuffer())).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 320, MEDIA_LIMITS.thumbPx]);
    expect(await usedMb()).toBeGreaterThan(0);
  });

  it("refuses a text file renamed .jpg with the spec's message", async () => {
    const r = await upload({ name: 'notes.jpg', bytes: Buffer.from('just some text, not a picture\n'.repeat(30)), type: 'image/jpeg' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MEDIA_MESSAGES.uploadFailed('notes.jpg'));
    expect((await upload({ name: 'x.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml' })).status).toBe(400);
  });

  it('refuses a too-large file with 413 JSON: an image over 10 MB and anything over 50 MB', async () => {
    // A real JPEG header with 11 MB of trailing bytes: an image by content, over the image cap.
    const small = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const r = await upload({ name: 'big.jpg', bytes: Buffer.concat([small, Buffer.alloc(MEDIA_LIMITS.imageBytes + 1024)]) });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ code: 413, message: MEDIA_MESSAGES.tooLarge });
    const huge = await upload({ name: 'film.mp4', bytes: Buffer.concat([mp4Header(), Buffer.alloc(MEDIA_LIMITS.videoBytes)]) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ code: 413, message: MEDIA_MESSAGES.tooLarge });
  });

  it("accepts an MP4 by its magic bytes as a video with the spec's 800x600 placeholder, and an MP3 as audio", async () => {
    const r = await upload({ name: 'clip.bin', bytes: mp4Header() });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ mediaType: 'video', ...VIDEO_PLACEHOLDER, albumName: '' });
    expect(r.body.data.path).toMatch(/^\/media\/gallery\/[0-9a-f]{32}\.mp4$/);
    const served = await fetch(`${s.url}${r.body.data.path}`);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    // An ID3-tagged MP3.
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0]), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(1024)]);
    const audio = await upload({ name: 'song.mp3', bytes: mp3 });
    expect(audio.status).toBe(201);
    expect(audio.body.data.mediaType).toBe('audio');
  });

  it('answers a repeated upload with the same Idempotency-Key with the first answer, storing nothing more', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c33' } }).png().toBuffer();
    const first = await upload({ name: 'a.png', bytes: png }, { 'idempotency-key': 'blob-1' });
    expect(first.status).toBe(201);
    const before = await usedMb();
    const again = await upload({ name: 'a.png', bytes: png }, { 'idempotency-key': 'blob-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await usedMb()).toBe(before);
    // Each retry has a new multipart boundary; another file under that key is refused, not replayed.
    const changed = await upload({ name: 'b.png', bytes: await sharp(png).flip().png().toBuffer() }, { 'idempotency-key': 'blob-1' });
    expect(changed.status).toBe(422);
    const other = await upload({ name: 'a.png', bytes: png }, { 'idempotency-key': 'blob-2' });
    expect(other.body.data.path).not.toBe(first.body.data.path);
  });

  it('needs a signed-in member and a file', async () => {
    const anonymous = await fetch(`${s.api}/${MEDIA_PATHS.upload}`, { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
    const form = new FormData();
    form.append('albumName', 'x');
    const empty = await fetch(`${s.api}/${MEDIA_PATHS.upload}`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
    expect(empty.status).toBe(400);
  });
});
