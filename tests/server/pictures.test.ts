/** Profile pictures: temp upload (content-checked, capped, private), crop into variants, media URLs, removal, utilization. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/codes';
import { mediaPath, PICTURE_MESSAGES, PICTURE_PATHS, tempMediaPath, UPLOAD_MAX_BYTES, VARIANT_PX } from '../../src/contract/pictures';
import { dbTargets, serverForSuite, type TestMember, type TestServer } from '../support/server';

const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

describe.each(dbTargets())('pictures on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let owner: TestMember;
  let other: TestMember;
  serverForSuite({ databaseUrl }, 2, (server, [a, b]) => ([s, owner, other] = [server, a!, b!]));

  async function postForm(path: string, token: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('uploadImage', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name);
    const response = await fetch(`${s.api}/${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON.
    }
    // oxlint-disable-next-line typescript/no-explicit-any -- tests read answers loosely.
    return { status: response.status, body: body as any };
  }
  const upload = (m: TestMember, file: { name: string; bytes: Buffer; type?: string }) =>
    postForm(PICTURE_PATHS.uploadTemp(m.userCode), m.token, { userCode: m.userCode, imageType: 'temp' }, file);
  const crop = (m: TestMember, imageName: string, box: { x: number; y: number; w: number; h: number }) =>
    postForm(PICTURE_PATHS.crop, m.token, { userCode: m.userCode, imageName, ...Object.fromEntries(Object.entries(box).map(([k, v]) => [k, String(v)])) });
  const profileDp = async (m: TestMember) => (await s.call('GET', `user/${m.userCode}`, { token: other.token })).body.data.profileDp;

  it('refuses a text file renamed .png, with the spec\'s message', async () => {
    const r = await upload(owner, { name: 'holiday.png', bytes: Buffer.from('this is not a picture at all\n'.repeat(20)) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(PICTURE_MESSAGES.uploadFailed('holiday.png'));
    // An SVG is an image to a browser, but we never serve member-made markup.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await upload(owner, { name: 'x.svg', bytes: svg, type: 'image/svg+xml' })).status).toBe(400);
  });

  it('refuses an oversized upload (413, JSON) and accepts one above the JSON body limit', async () => {
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1024, 7);
    const r = await upload(owner, { name: 'huge.png', bytes: big });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ code: 413, message: PICTURE_MESSAGES.tooLarge });
    // A real 2 MB picture (noise does not compress) passes.
    const noise = await sharp(Buffer.from(Array.from({ length: 900 * 900 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 900, height: 900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(owner, { name: 'noise.png', bytes: noise })).status).toBe(201);
  });

  it("uploads to a private temp file; others can neither upload for the owner nor read it", async () => {
    const r = await upload(owner, { name: 'me.png', bytes: await picture(800, 600) });
    expect(r.status).toBe(201);
    expect(r.body.data.imageName).toMatch(/^[0-9a-f]{32}\.png$/);
    const own = await fetch(`${s.api}/${tempMediaPath(r.body.data.imageName)}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(`${s.api}/${tempMediaPath(r.body.data.imageName)}`, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(404);
    expect((await fetch(`${s.api}/${tempMediaPath(r.body.data.imageName)}`)).status).toBe(401);
    // The public template never serves temp files.
    expect((await fetch(`${s.url}/media/temp/${r.body.data.imageName}`)).status).toBe(404);
    expect((await upload({ ...other, userCode: owner.userCode }, { name: 'x.png', bytes: await picture(10, 10) })).status).toBe(403);
    // Someone else cannot crop the owner's temp either.
    expect((await crop({ ...other, userCode: owner.userCode }, r.body.data.imageName, { x: 0, y: 0, w: 10, h: 10 })).status).toBe(403);
    expect((await crop(other, r.body.data.imageName, { x: 0, y: 0, w: 10, h: 10 })).status).toBe(404);
  });

  it('crops into the variants, served immutable at the media URL; profileDp follows', async () => {
    const up = await upload(owner, { name: 'me.jpg', bytes: await picture(1200, 900, 'jpeg'), type: 'image/jpeg' });
    expect(up.status).toBe(201);
    const outside = await crop(owner, up.body.data.imageName, { x: 400, y: 0, w: 900, h: 900 });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(PICTURE_MESSAGES.cropOutside);
    expect((await crop(owner, up.body.data.imageName, { x: -1, y: 0, w: 10, h: 10 })).status).toBe(400);

    const r = await crop(owner, up.body.data.imageName, { x: 150, y: 0, w: 900, h: 900 });
    expect(r.status).toBe(201);
    const imageName = r.body.data.imageName;
    expect(imageName).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(await profileDp(owner)).toBe(imageName);
    expect((await s.call('GET', 'user/personal', { token: owner.token })).body.data.profileDp).toBe(imageName);

    for (const [type, px] of [['primary', VARIANT_PX.primary], ['secondary', VARIANT_PX.secondary], ['tertiary', VARIANT_PX.tertiary], ['source', 900]] as const) {
      const res = await fetch(`${s.url}${mediaPath(type, imageName)}`);
      expect([type, res.status]).toEqual([type, 200]);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([type, [meta.width, meta.height]]).toEqual([type, [px, px]]);
    }
    // The temp file is gone once cropped.
    expect((await fetch(`${s.api}/${tempMediaPath(up.body.data.imageName)}`, { headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(404);
    expect((await fetch(`${s.url}/media/primary/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);

    // A new picture replaces the old one; the old files are removed.
    const second = await upload(owner, { name: 'again.png', bytes: await picture(300, 300) });
    const next = await crop(owner, second.body.data.imageName, { x: 0, y: 0, w: 300, h: 300 });
    expect(next.status).toBe(201);
    expect(next.body.data.imageName).not.toBe(imageName);
    expect((await fetch(`${s.url}${mediaPath('primary', imageName)}`)).status).toBe(404);
  });

  it('counts stored bytes in the utilization report', async () => {
    const r = await s.call('GET', 'utilization/report', { token: owner.token });
    const used = r.body.data.userUtilizationUsageResponse[0].usedSize;
    expect(used).toBeGreaterThan(0);
    expect(r.body.data.remainingSize).toBeCloseTo(r.body.data.allocatedSize - used, 2);
    const fresh = await s.call('GET', 'utilization/report', { token: other.token });
    expect(fresh.body.data.userUtilizationUsageResponse[0].usedSize).toBe(0);
  });

  it('removal resets profileDp to null (owner only) and removes the files', async () => {
    const before = await profileDp(owner);
    expect(before).not.toBeNull();
    expect((await s.call('POST', PICTURE_PATHS.removeDp(owner.userCode), { token: other.token })).status).toBe(403);
    const r = await s.call('POST', PICTURE_PATHS.removeDp(owner.userCode), { token: owner.token });
    expect(r.status).toBe(201);
    expect(r.body.data).toEqual({ profileDp: null });
    expect(await profileDp(owner)).toBeNull();
    expect((await fetch(`${s.url}${mediaPath('secondary', before)}`)).status).toBe(404);
    expect(`${API_BASE}/${PICTURE_PATHS.removeDp('x')}`).toBe('/api/v1/user/x/dp/default');
  });
});
