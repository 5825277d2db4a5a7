/**
 * 'Delete my account' on the server (issue 29): the preview says what goes (circles and
 * slates with their people); the password again (a wrong one refused); every session ends at
 * once; a sign-in within the days cancels it; once they run out the sweep erases the account,
 * and then every read of the OpenAPI document, as a billionett and as a stranger, with every
 * value that pointed at the member's things, carries nothing of theirs — while the reply a
 * billionett wrote to their comment stays, and its media bytes are gone from the store.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_PATHS, DELETION_TEXT } from '../../src/contract/account-deletion';
import { AUTH_PATHS } from '../../src/contract/auth';
import { insertCircle, insertSlate } from '../support/circles';
import { uploadMedia } from '../support/media';
import { operationsOf, type Operation } from '../support/openapi';
import { choicesFor, crawlReads } from '../support/read-crawl';
import { startTestServer, TEST_PASSWORD, type TestMember, type TestServer } from '../support/server';
import { befriend, TelexClient } from '../support/telex';

const canary = (what: string) => `zq${what}${randomBytes(5).toString('hex')}`;
const DAY_MS = 86_400_000;

describe('account deletion', () => {
  let s: TestServer;
  let owner: TestMember;
  let friend: TestMember;
  let stranger: TestMember;
  let reads: Operation[];
  const secrets: string[] = [];
  const postCodes: string[] = [];
  const commentCodes: string[] = [];
  const groupCodes: string[] = [];
  const pageCodes: string[] = [];
  let friendsPost = '';
  let friendsReply = '';
  let pictureFile = '';

  beforeAll(async () => {
    s = await startTestServer();
    [owner, friend, stranger] = [await s.signUpMember(), await s.signUpMember(), await s.signUpMember()];
    await befriend(s.api, owner, friend);
    const about = canary('about');
    assert.equal((await s.call('PUT', `update/user/about/${owner.userCode}`, { token: owner.token, body: { about } })).status < 300, true);
    secrets.push(about);

    // An entry with a picture, a comment of theirs on it.
    const picture = await uploadMedia(s, owner);
    pictureFile = picture.path.slice(picture.path.lastIndexOf('/') + 1);
    const entryText = canary('entry');
    const userPostCode = randomUUID();
    const made = await s.call('POST', 'user/post', { token: owner.token, body: { userPostCode, featureCode: 5, postDescription: entryText, privacyCode: 1, postGalleries: [{ ...picture, order: 0 }] } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    secrets.push(entryText);
    postCodes.push(userPostCode);

    // On the billionett's entry: their rating and comment; the billionett's reply to it stays theirs.
    friendsPost = randomUUID();
    assert.equal((await s.call('POST', 'user/post', { token: friend.token, body: { userPostCode: friendsPost, featureCode: 5, postDescription: 'A billionett writes', privacyCode: 1 } })).status, 201);
    assert.equal((await s.call('POST', `user/post/${friendsPost}/rate`, { token: owner.token, body: { rating: 4 } })).status < 300, true);
    const commentCode = randomUUID();
    const comment = canary('comment');
    assert.equal((await s.call('POST', `user/post/${friendsPost}/comment/create`, { token: owner.token, body: { commentCode, comment } })).status, 201);
    secrets.push(comment);
    commentCodes.push(commentCode);
    friendsReply = canary('reply');
    const reply = await s.call('POST', `user/post/${friendsPost}/comment/create`, { token: friend.token, body: { commentCode: randomUUID(), comment: friendsReply, replyCommentCode: commentCode } });
    assert.equal(reply.status, 201, JSON.stringify(reply.body));

    const circleName = canary('circle');
    groupCodes.push((await insertCircle(s.app, owner.userCode, circleName, { privacyCode: 1, people: [friend.userCode] })).code);
    secrets.push(circleName);
    const slateName = canary('slate');
    pageCodes.push((await insertSlate(s.app, owner.userCode, slateName, { privacyCode: 1, people: [friend.userCode, stranger.userCode] })).code);
    secrets.push(slateName);

    const heading = canary('barter');
    const listing = await s.call('POST', 'service/post', {
      token: owner.token,
      body: {
        serviceCode: 'SV27',
        serviceHeading: heading,
        serviceDescription: 'Leaks fixed.',
        privacyCode: 1,
        fromdate: new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10),
        fromLocationDetails: { placeId: 'p', latitude: 52.52, longitude: 13.405, place: 'Berlin, Germany' },
      },
    });
    assert.equal(listing.status, 201, JSON.stringify(listing.body));
    secrets.push(heading);

    const telex = canary('telex');
    const socket = await TelexClient.open(s.url, owner);
    const id = socket.telex(friend.userCode, telex);
    await socket.next((f) => f.type === 'ack' && f.id === id);
    await socket.close();
    secrets.push(telex);

    reads = operationsOf((await s.call('GET', 'openapi.json')).body).filter((op) => op.method === 'GET' && op.path.startsWith('/api/v1/'));
  });
  afterAll(async () => {
    await s?.close();
  });

  const choices = () => choicesFor({ userCode: owner.userCode, groupCodes, pageCodes, postCodes: [...postCodes, friendsPost], commentCodes, texts: secrets });
  const seen = async (viewer: TestMember) => {
    const answers = await crawlReads(s.url, reads, viewer.token, choices());
    return (secret: string) => answers.filter((a) => a.text.includes(secret)).map((a) => a.url.slice(0, 100));
  };
  const signIn = (m: TestMember) => s.call('POST', AUTH_PATHS.signIn, { body: { username: m.email, password: TEST_PASSWORD } });

  it('shows what goes, asks for the password, signs every device out; a sign-in within the days cancels it', async () => {
    const state = await s.call('GET', DELETION_PATHS.state, { token: owner.token });
    expect(state.body.data).toEqual({
      deleteAfter: null,
      preview: { entries: 1, comments: 1, circles: [{ name: secrets[3], people: 1 }], slates: [{ name: secrets[4], people: 2 }], listings: 1, conversations: 1, passkeys: false },
    });
    expect((await s.call('POST', DELETION_PATHS.request, { body: { password: TEST_PASSWORD } })).status).toBe(401);
    const wrong = await s.call('POST', DELETION_PATHS.request, { token: owner.token, body: { password: 'Not-it#1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.password).toEqual([DELETION_TEXT.wrongPassword]);
    expect((await s.call('POST', DELETION_PATHS.request, { token: owner.token, body: {} })).body.errors.password).toEqual(['This field is required.']);

    const asked = await s.call('POST', DELETION_PATHS.request, { token: owner.token, body: { password: TEST_PASSWORD } });
    expect(asked.status).toBe(200);
    expect(Math.abs(Date.parse(asked.body.data.deleteAfter) - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);
    // Every session is over at once, this one too.
    expect((await s.call('GET', DELETION_PATHS.state, { token: owner.token })).status).toBe(401);

    const back = await signIn(owner);
    expect(back.body.data.deletionCancelled).toBe(true);
    owner.token = back.body.data.accessToken;
    expect((await s.call('GET', DELETION_PATHS.state, { token: owner.token })).body.data.deleteAfter).toBeNull();
    expect((await signIn(owner)).body.data.deletionCancelled).toBeUndefined();
    expect(await s.app.erasure.sweep(new Date(Date.now() + 30 * DAY_MS))).toBe(0);
  });

  it('erases the account when its days run out: nothing of theirs answers any read; the reply to their comment stays', { timeout: 180_000 }, async () => {
    // Control: before, the crawl finds each of the member's things as their billionett.
    const before = await seen(friend);
    expect(secrets.filter((secret) => before(secret).length === 0)).toEqual([]);
    expect(await s.app.mediaFiles.read('gallery', pictureFile)).not.toBeNull();

    expect((await s.call('POST', DELETION_PATHS.request, { token: owner.token, body: { password: TEST_PASSWORD } })).status).toBe(200);
    expect(await s.app.erasure.sweep(new Date(Date.now() + 13 * DAY_MS))).toBe(0);
    expect(await s.app.erasure.sweep(new Date(Date.now() + 15 * DAY_MS))).toBe(1);

    for (const viewer of [friend, stranger]) {
      const after = await seen(viewer);
      expect(secrets.flatMap((secret) => after(secret).map((url) => `${secret.slice(0, 10)} in ${url}`))).toEqual([]);
    }
    // The billionett's reply is theirs: it stays, now a comment on their entry.
    const comments = await s.call('GET', `user/post/${friendsPost}/comment?pageNo=1&pageSize=10`, { token: friend.token });
    expect(JSON.stringify(comments.body)).toContain(friendsReply);
    expect(await s.app.mediaFiles.read('gallery', pictureFile)).toBeNull();
    expect((await signIn(owner)).status).toBe(401);
  });
});
