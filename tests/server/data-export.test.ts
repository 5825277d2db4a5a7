/**
 * 'Download your data' (issue 29) on both databases: asked for, built by the job (run here
 * by draining it), told by a bulletin, downloaded through a short-lived public link as a
 * zip streamed on the fly, and compared with what the member wrote: profile, an entry, a
 * comment, a telex, a picture's bytes (and a file larger than one streamed slice). One at a
 * time per member; another member's link, state and route give them nothing; an expired
 * export is gone; nothing of another member's private writing is inside.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULLETIN_PATHS } from '../../src/contract/bulletins';
import { DATA_EXPORT_PATHS, DATA_EXPORT_TEXT, EXPORT_PARTS } from '../../src/contract/data-export';
import { media } from '../../src/server/db/schema/media';
import { users } from '../../src/server/db/schema/accounts';
import { uploadMedia } from '../support/media';
import { dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';
import { befriend, TelexClient } from '../support/telex';
import { jsonEntry, unzip } from '../support/zip';

const canary = (what: string) => `zq${what}${randomBytes(5).toString('hex')}`;

describe.each(dbTargets())('data export on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let me: TestMember;
  let other: TestMember;
  const wrote = { entry: canary('entry'), comment: canary('comment'), telex: canary('telex'), galleryPath: '' };
  const theirs = { entry: canary('theirEntry'), comment: canary('theirComment'), telex: canary('theirTelex') };
  const postCode = randomUUID();

  beforeAll(async () => {
    s = await startTestServer({ databaseUrl, exportPollMs: false, pushPollMs: false });
    [me, other] = [await s.signUpMember({ displayName: 'Ada Export' }), await s.signUpMember()];
    const third = await s.signUpMember();
    await befriend(s.api, me, other);
    await befriend(s.api, other, third);
    const picture = await uploadMedia(s, me);
    wrote.galleryPath = picture.path;
    const made = await s.call('POST', 'user/post', {
      token: me.token,
      body: { userPostCode: postCode, featureCode: 5, postDescription: wrote.entry, privacyCode: 1, postGalleries: [{ ...picture, order: 0 }] },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal((await s.call('POST', `user/post/${postCode}/comment/create`, { token: me.token, body: { commentCode: randomUUID(), comment: wrote.comment } })).status, 201);
    // Another member's words: their comment on my entry, their hidden entry, their telex to someone else.
    assert.equal((await s.call('POST', `user/post/${postCode}/comment/create`, { token: other.token, body: { commentCode: randomUUID(), comment: theirs.comment } })).status, 201);
    assert.equal((await s.call('POST', 'user/post', { token: other.token, body: { userPostCode: randomUUID(), featureCode: 5, postDescription: theirs.entry, privacyCode: 3 } })).status, 201);
    const telex = async (from: TestMember, to: TestMember, body: string) => {
      const socket = await TelexClient.open(s.url, from);
      const id = socket.telex(to.userCode, body);
      await socket.next((f) => f.type === 'ack' && f.id === id);
      await socket.close();
    };
    await telex(me, other, wrote.telex);
    await telex(other, third, theirs.telex);
  });
  afterAll(async () => {
    await s?.close();
  });

  const state = async (m: TestMember) => (await s.call('GET', DATA_EXPORT_PATHS.state, { token: m.token })).body.data.export;
  const download = (path: string) => fetch(`${s.url}${path}`);

  it('asks, builds, tells by a bulletin, and downloads a zip holding what the member wrote', async () => {
    expect(await state(me)).toBeNull();
    const asked = await s.call('POST', DATA_EXPORT_PATHS.state, { token: me.token });
    expect(asked.status).toBe(202);
    expect(asked.body.data.export).toMatchObject({ status: 'queued', readyAt: null, expiresAt: null });
    // One at a time: queued (and building) refuses another.
    const again = await s.call('POST', DATA_EXPORT_PATHS.state, { token: me.token });
    expect([again.status, again.body.message]).toEqual([409, DATA_EXPORT_TEXT.busy]);
    expect((await s.call('POST', DATA_EXPORT_PATHS.link, { token: me.token })).status).toBe(404);

    // A file larger than one streamed slice (1 MB), stored as the member's.
    const big = randomBytes(2_500_000);
    const bigName = `${randomBytes(16).toString('hex')}.mp4`;
    await s.app.mediaFiles.write(s.app.db, 'gallery', bigName, big);
    const [owner] = await s.app.db.select({ id: users.id }).from(users).where(sql`${users.userCode} = ${me.userCode}`);
    await s.app.db.insert(media).values({ ownerId: owner!.id, imageType: 'gallery', fileName: bigName, mimeType: 'video/mp4', bytes: big.length, width: 800, height: 600 });

    await s.app.dataExports.drain();
    const ready = await state(me);
    expect(ready).toMatchObject({ status: 'ready', files: 2 });
    const days = (Date.parse(ready.expiresAt) - Date.parse(ready.readyAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const bulletins = await s.call('GET', `${BULLETIN_PATHS.list}?pageNo=1`, { token: me.token });
    expect(bulletins.body.data.bulletins[0]).toMatchObject({ kind: 'dataExportReady', featureCode: 'account', url: '/settings/data' });

    const link = await s.call('POST', DATA_EXPORT_PATHS.link, { token: me.token });
    expect(link.status).toBe(200);
    expect(link.body.data.downloadPath).toMatch(/^\/api\/v1\/user\/export\/[A-Za-z0-9_-]{43}$/);
    const answer = await download(link.body.data.downloadPath);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="billionett-${me.userCode}-${ready.readyAt.slice(0, 10)}.zip"`);
    const bytes = Buffer.from(await answer.arrayBuffer());
    const zip = await unzip(bytes);

    expect([...zip.keys()].slice(0, 1 + Object.keys(EXPORT_PARTS).length)).toEqual(['README.txt', ...Object.keys(EXPORT_PARTS).map((p) => `${p}.json`)]);
    expect(zip.get('README.txt')!.toString()).toContain('telex.json');
    expect(jsonEntry(zip, 'profile.json')).toMatchObject({ userCode: me.userCode, displayName: 'Ada Export', email: me.email });
    const entries = jsonEntry(zip, 'entries.json');
    expect(entries).toEqual([expect.objectContaining({ postCode, description: wrote.entry, media: [expect.objectContaining({ path: wrote.galleryPath })] })]);
    expect(jsonEntry(zip, 'comments.json')).toEqual([expect.objectContaining({ onEntry: postCode, body: wrote.comment })]);
    expect(jsonEntry(zip, 'telex.json')).toEqual([expect.objectContaining({ direction: 'sent', withMember: other.userCode, body: wrote.telex })]);
    expect(jsonEntry(zip, 'bulletins.json').map((b: { kind: string }) => b.kind)).toContain('friendAccept');
    // The picture, by the name entries.json gives it, byte for byte as stored.
    const file = entries[0].media[0].file as string;
    const fileName = file.slice(file.lastIndexOf('/') + 1);
    expect(zip.get(file)).toEqual(await s.app.mediaFiles.read('gallery', fileName));
    expect(zip.get(`media/gallery/${bigName}`)!.equals(big)).toBe(true);
    // Nothing of another member's own writing, not even their comment on my entry.
    const text = [...zip.entries()].filter(([name]) => name.endsWith('.json')).map(([, b]) => b.toString()).join('\n');
    for (const secret of Object.values(theirs)) expect(text).not.toContain(secret);
  });

  it("another member gets nothing: not the state, not a link; an unknown or replaced link is 404", async () => {
    expect(await state(other)).toBeNull();
    expect((await s.call('POST', DATA_EXPORT_PATHS.link, { token: other.token })).status).toBe(404);
    const unknown = await download(`/api/v1/${DATA_EXPORT_PATHS.download(randomBytes(32).toString('base64url'))}`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(DATA_EXPORT_TEXT.linkGone);
    // A fresh link replaces the last one.
    const first = (await s.call('POST', DATA_EXPORT_PATHS.link, { token: me.token })).body.data.downloadPath as string;
    const second = (await s.call('POST', DATA_EXPORT_PATHS.link, { token: me.token })).body.data.downloadPath as string;
    expect((await download(first)).status).toBe(404);
    const good = await download(second);
    expect(good.status).toBe(200);
    await good.arrayBuffer();
    // Without a session the member's routes are closed.
    expect((await s.call('GET', DATA_EXPORT_PATHS.state)).status).toBe(401);
    expect((await s.call('POST', DATA_EXPORT_PATHS.state)).status).toBe(401);
  });

  it('an expired link or export is 404, the export swept away; a ready one may be replaced by a new request', async () => {
    const path = (await s.call('POST', DATA_EXPORT_PATHS.link, { token: me.token })).body.data.downloadPath as string;
    await s.app.db.execute(sql`update data_exports set link_expires_at = now() - interval '1 second'`);
    expect((await download(path)).status).toBe(404);

    const fresh = (await s.call('POST', DATA_EXPORT_PATHS.link, { token: me.token })).body.data.downloadPath as string;
    await s.app.db.execute(sql`update data_exports set expires_at = now() - interval '1 second'`);
    expect((await download(fresh)).status).toBe(404);
    expect(await state(me)).toBeNull();
    await s.app.dataExports.drain();
    expect((await s.app.db.execute(sql`select count(*)::int as n from data_exports`)) as unknown as { rows: { n: number }[] }).toMatchObject({ rows: [{ n: 0 }] });

    expect((await s.call('POST', DATA_EXPORT_PATHS.state, { token: me.token })).status).toBe(202);
    await s.app.dataExports.drain();
    expect((await state(me)).status).toBe('ready');
    // Ready: a new request replaces it (its links with it).
    const old = (await s.call('POST', DATA_EXPORT_PATHS.link, { token: me.token })).body.data.downloadPath as string;
    expect((await s.call('POST', DATA_EXPORT_PATHS.state, { token: me.token })).status).toBe(202);
    expect((await download(old)).status).toBe(404);
    expect((await state(me)).status).toBe('queued');
  });
});
