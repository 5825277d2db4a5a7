/**
 * Hostile files at both upload doors (the profile picture's temp upload and entry media):
 * SVG with script, a picture with HTML and script appended (a polyglot), a 60 MB file, a
 * decompression bomb, a text file named .png, a truncated picture. Each is refused with the
 * spec's words (or, for the polyglot, stored only re-encoded, its payload gone), none answers
 * 5xx, and no file is left behind that the database does not know.
 */
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_PATHS } from '../../src/contract/media';
import { PICTURE_PATHS } from '../../src/contract/pictures';
import { media } from '../../src/server/db/schema/media';
import { startTestServer, type TestMember, type TestServer } from '../support/server';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
const PAYLOAD = '<html><script>alert(document.cookie)</script></html>';

/** A PNG whose header claims 60,000 × 60,000 pixels (3.6 gigapixels) over a few bytes of data. */
async function bombPng(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer();
  const bomb = Buffer.from(png);
  // IHDR starts at byte 16: width then height, big-endian. The CRC no longer matches either.
  bomb.writeUInt32BE(60_000, 16);
  bomb.writeUInt32BE(60_000, 20);
  return bomb;
}

describe('hostile files', () => {
  let s: TestServer;
  let m: TestMember;
  beforeAll(async () => {
    s = await startTestServer();
    m = await s.signUpMember();
  });
  afterAll(async () => {
    await s?.close();
  });

  const doors = () => [
    { name: 'profile picture', url: `${s.api}/${PICTURE_PATHS.uploadTemp(m.userCode)}`, field: 'uploadImage' },
    { name: 'entry media', url: `${s.api}/${MEDIA_PATHS.upload}`, field: 'file' },
  ];

  async function upload(url: string, field: string, bytes: Buffer, fileName: string, type = 'application/octet-stream') {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
    const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${m.token}` }, body: form });
    return { status: response.status, body: (await response.json().catch(() => null)) as { message?: string; data?: Record<string, unknown> } | null };
  }

  it('refuses script, bombs, lies and fragments with the spec\'s words, never a 5xx', { timeout: 120_000 }, async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
    const cases = [
      { label: 'svg with script', bytes: Buffer.from(SVG), fileName: 'cat.png', type: 'image/svg+xml' },
      { label: 'svg named svg', bytes: Buffer.from(SVG), fileName: 'cat.svg', type: 'image/svg+xml' },
      { label: 'html named png', bytes: Buffer.from(PAYLOAD), fileName: 'cat.png', type: 'image/png' },
      { label: 'decompression bomb', bytes: await bombPng(), fileName: 'bomb.png', type: 'image/png' },
      { label: 'truncated jpeg', bytes: jpeg.subarray(0, Math.floor(jpeg.length / 3)), fileName: 'half.jpg', type: 'image/jpeg' },
      { label: 'empty', bytes: Buffer.alloc(0), fileName: 'empty.png', type: 'image/png' },
    ];
    const wrong: string[] = [];
    for (const door of doors()) {
      for (const c of cases) {
        const r = await upload(door.url, door.field, c.bytes, c.fileName, c.type);
        const expected = `${c.fileName} file upload failed.`;
        if (r.status !== 400 || r.body?.message !== expected) wrong.push(`${door.name} / ${c.label}: ${r.status} ${r.body?.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a 60 MB file with 413 at both doors', { timeout: 120_000 }, async () => {
    const big = Buffer.alloc(60 * 1024 * 1024, 7);
    for (const door of doors()) {
      const r = await upload(door.url, door.field, big, 'huge.png', 'image/png');
      expect({ door: door.name, status: r.status, hasMessage: typeof r.body?.message === 'string' }).toEqual({ door: door.name, status: 413, hasMessage: true });
    }
  });

  it('keeps a polyglot only re-encoded: its appended script is not in any stored display file', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).png().toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from(PAYLOAD)]);
    const r = await upload(`${s.api}/${MEDIA_PATHS.upload}`, 'file', polyglot, 'poly.png', 'image/png');
    expect(r.status).toBe(201);
    const served = await fetch(`${s.url}${String(r.body?.data?.path)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
    expect(Buffer.from(await served.arrayBuffer()).includes(Buffer.from('<script>'))).toBe(false);
  });

  it('leaves no file behind that the database does not know', async () => {
    const files = await s.app.mediaFiles.list();
    const [rows] = await s.app.db.select({ n: count() }).from(media);
    expect(files.length).toBe(rows?.n ?? 0);
  });
});
