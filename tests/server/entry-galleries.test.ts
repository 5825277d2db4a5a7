/**
 * An entry's galleries name files its author uploaded, as what they are: a made-up path,
 * another member's upload or a picture called a video is a 400 on postGalleries; a share
 * may carry the original's galleries (someone else's files) as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuid } from 'uuid';
import { ENTRY_MESSAGES, ENTRY_PATHS as P, type EntryForm, type ShareForm } from '../../src/contract/entries';
import { uploadMedia } from '../support/media';
import { dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';

describe.each(dbTargets())('entry galleries on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let a: TestMember;
  let b: TestMember;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
    [a, b] = [await s.signUpMember(), await s.signUpMember()];
  });
  afterAll(async () => {
    await s?.close();
  });

  const create = (m: TestMember, body: Partial<EntryForm>) =>
    s.call('POST', P.create, { token: m.token, body: { userPostCode: uuid(), featureCode: 5, ...body } });
  const share = (m: TestMember, body: Partial<ShareForm>) =>
    s.call('POST', `${P.share}?postType=user`, { token: m.token, body: { userPostCode: uuid(), ...body } });
  const refusal = (r: { status: number; body: { errors?: Record<string, string[]> } }) => [r.status, r.body.errors?.['postGalleries']];

  it('takes the author\'s own uploads, and stores them in order', async () => {
    const [one, two] = [await uploadMedia(s, a), await uploadMedia(s, a)];
    const r = await create(a, { postDescription: 'two pictures', postGalleries: [{ ...two, order: 1 }, { ...one, order: 0 }] });
    expect(r.status).toBe(201);
    expect(r.body.data.originalPost.postGalleries.map((g: { path: string }) => g.path)).toEqual([one.path, two.path]);
  });

  it('refuses a made-up path, another member\'s file, and an unsaved one', async () => {
    const notOwned = [400, [ENTRY_MESSAGES.galleryNotOwned]];
    expect(refusal(await create(a, { postGalleries: [{ path: '/media/gallery/0123456789abcdef0123456789abcdef.webp' }] }))).toEqual(notOwned);
    const theirs = await uploadMedia(s, b);
    expect(refusal(await create(a, { postGalleries: [theirs] }))).toEqual(notOwned);
    const mine = await uploadMedia(s, a);
    // Its thumbnail is not an upload answer (the path must be the one the upload gave).
    expect(refusal(await create(a, { postGalleries: [{ ...mine, path: mine.path.replace('/gallery/', '/gallery-thumb/') }] }))).toEqual(notOwned);
    expect(refusal(await create(a, { postGalleries: [mine, theirs] }))).toEqual(notOwned);
  });

  it('refuses a picture sent as the video of a Theatre entry', async () => {
    const picture = await uploadMedia(s, a);
    const r = await create(a, { featureCode: 4, postGalleries: [{ ...picture, mediaType: 'video' }] });
    expect(refusal(r)).toEqual([400, [ENTRY_MESSAGES.galleryWrongType]]);
    expect((await create(a, { featureCode: 4, postGalleries: [await uploadMedia(s, a, 'video')] })).status).toBe(201);
  });

  it('lets a share carry the original\'s galleries, never other files', async () => {
    const picture = await uploadMedia(s, a);
    const original = (await create(a, { postDescription: 'share me', postGalleries: [picture] })).body.data.originalPost;
    const shared = await share(b, { originalUserPostCode: original.postCode, postGalleries: original.postGalleries });
    expect(shared.status).toBe(201);
    const stranger = await uploadMedia(s, a);
    expect(refusal(await share(b, { originalUserPostCode: original.postCode, postGalleries: [stranger] }))).toEqual([400, [ENTRY_MESSAGES.galleryNotOwned]]);
    expect((await share(b, { originalUserPostCode: original.postCode, postGalleries: [await uploadMedia(s, b)] })).status).toBe(201);
  });
});
