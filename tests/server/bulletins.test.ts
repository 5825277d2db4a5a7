/**
 * Bulletins (issue 16): each event writes one for the member it concerns — never for the
 * actor, never when that member's setting for the feature is 'No', never about an entry its
 * reader may not see — and the list, unread count and marking read answer only the caller's
 * own. Telex makes one while the billionett has no open app, merged per sender, read when
 * the messages are read.
 */
import { v7 as uuid } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULLETIN_PATHS as B, type BulletinItem } from '../../src/contract/bulletins';
import { CHAT_PATHS } from '../../src/contract/chat';
import { CIRCLE_PATHS, SLATE_PATHS } from '../../src/contract/circles';
import { ENTRY_PATHS as P } from '../../src/contract/entries';
import { FRIEND_PATHS } from '../../src/contract/friends';
import { SETTINGS_PATHS } from '../../src/contract/settings';
import { createCircleAs, setCircleFeatures } from '../support/circles';
import { dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';
import { createSlateAs, setSlate } from '../support/slates';
import { befriend, TelexClient } from '../support/telex';

describe.each(dbTargets())('bulletins on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl, pushPollMs: false });
  });
  afterAll(async () => {
    await s?.close();
  });

  const list = async (m: TestMember, pageNo = 1) => {
    const r = await s.call('GET', `${B.list}?pageNo=${pageNo}`, { token: m.token });
    expect(r.status).toBe(200);
    return r.body.data as { bulletins: BulletinItem[]; totalRecords: number; unread: number };
  };
  // Befriending (request, accept) writes bulletins too: the other tests look past them.
  const kinds = async (m: TestMember) => (await list(m)).bulletins.map((x) => x.kind).filter((k) => k !== 'friendRequest' && k !== 'friendAccept');
  const entry = async (m: TestMember, extra: Record<string, unknown> = {}) => {
    const code = uuid();
    const r = await s.call('POST', P.create, { token: m.token, body: { userPostCode: code, featureCode: 5, postDescription: 'News', ...extra } });
    expect(r.status).toBe(201);
    return code;
  };

  it('billionett requests and their acceptance reach the other member, with who and where', async () => {
    const [a, b] = [await s.signUpMember(), await s.signUpMember()];
    expect((await s.call('PUT', FRIEND_PATHS.suggestionAccept(b.userCode), { token: a.token })).status).toBe(201);
    const [request] = (await list(b)).bulletins;
    expect(request).toMatchObject({ kind: 'friendRequest', featureCode: 'friendRequest', actor: { userCode: a.userCode }, url: '/suite/billionetts', read: false, repeats: 1 });
    expect(await kinds(a)).toEqual([]);
    expect((await s.call('POST', FRIEND_PATHS.requestAccept(a.userCode), { token: b.token })).status).toBe(201);
    expect((await list(a)).bulletins[0]).toMatchObject({ kind: 'friendAccept', actor: { userCode: b.userCode }, url: `/billionett/${b.userCode}/suite` });
  });

  it('comments, replies, a first rating, shares and tags reach the entry’s people; own acts do not', async () => {
    const [author, friend, other] = [await s.signUpMember(), await s.signUpMember(), await s.signUpMember()];
    await befriend(s.api, author, friend);
    await befriend(s.api, author, other);
    const post = await entry(author);
    const first = uuid();
    await s.call('POST', P.commentCreate(post), { token: friend.token, body: { commentCode: first, comment: 'Nice' } });
    await s.call('POST', P.commentCreate(post), { token: author.token, body: { commentCode: uuid(), comment: 'Thanks', replyCommentCode: first } });
    await s.call('POST', P.rate(post), { token: friend.token, body: { rating: 4 } });
    await s.call('POST', P.rate(post), { token: friend.token, body: { rating: 3.5 } });
    await s.call('POST', P.rate(post), { token: author.token, body: { rating: 5 } });
    expect(await kinds(author)).toEqual(['entryRating', 'entryComment']);
    expect((await list(author)).bulletins[0]!.url).toBe(`/entries/${post}`);
    expect(await kinds(friend)).toEqual(['commentReply']);

    // A share everyone sees tells the author; one kept to the sharer alone does not.
    const shared = await s.call('POST', `${P.share}?postType=user`, { token: friend.token, body: { userPostCode: uuid(), originalUserPostCode: post, postDescription: 'look', privacyCode: 1 } });
    expect(shared.status).toBe(201);
    await s.call('POST', `${P.share}?postType=user`, { token: other.token, body: { userPostCode: uuid(), originalUserPostCode: post, postDescription: 'mine', privacyCode: 3 } });
    expect(await kinds(author)).toEqual(['entryShare', 'entryRating', 'entryComment']);

    // Tagged in an entry they may see: told; tagged in one kept to its author: not.
    await entry(author, { postTags: [friend.userCode], privacyCode: 1 });
    await entry(author, { postTags: [other.userCode], privacyCode: 3 });
    expect((await kinds(friend))[0]).toBe('entryTag');
    expect(await kinds(other)).toEqual([]);
  });

  it('circle invitations, asks to join and their acceptance; slate follows and asks', async () => {
    const [owner, friend, stranger] = [await s.signUpMember(), await s.signUpMember(), await s.signUpMember()];
    await befriend(s.api, owner, friend);
    const circle = await createCircleAs(s, owner, { groupName: 'Harbour Readers' });
    await setCircleFeatures(s.app, circle, { requests: 2 });
    expect((await s.call('POST', CIRCLE_PATHS.sendInvite(circle, friend.userCode), { token: owner.token })).status).toBe(201);
    expect((await list(friend)).bulletins[0]).toMatchObject({ kind: 'circleInvite', subjectName: 'Harbour Readers', url: '/suite/circles' });
    expect((await s.call('PUT', CIRCLE_PATHS.suggestionAccept(circle), { token: stranger.token })).status).toBe(201);
    expect((await list(owner)).bulletins[0]).toMatchObject({ kind: 'circleJoinRequest', actor: { userCode: stranger.userCode }, url: `/circle/${circle}/members` });
    expect((await s.call('POST', CIRCLE_PATHS.requestAccept(circle, stranger.userCode), { token: owner.token })).status).toBe(201);
    expect((await list(stranger)).bulletins[0]).toMatchObject({ kind: 'circleJoinAccept', subjectName: 'Harbour Readers', url: `/circle/${circle}/suite` });

    const admin = await s.signUpMember({ planCode: 'sapphire' });
    const slate = await createSlateAs(s, admin, { pageName: 'Tide Tables' });
    await setSlate(s.app, slate, { requestsPrivacy: 1 });
    expect((await s.call('PUT', SLATE_PATHS.follow(slate), { token: friend.token })).status).toBe(201);
    await setSlate(s.app, slate, { requestsPrivacy: 3 });
    expect((await s.call('PUT', SLATE_PATHS.follow(slate), { token: stranger.token })).status).toBe(201);
    expect((await list(admin)).bulletins.map((x) => [x.kind, x.subjectName, x.url])).toEqual([
      ['slateFollowAsk', 'Tide Tables', `/slate/${slate}/followers`],
      ['slateFollow', 'Tide Tables', `/slate/${slate}/followers`],
    ]);
  });

  it("writes nothing for a feature the member set to 'No'", async () => {
    const [a, b, c] = [await s.signUpMember(), await s.signUpMember(), await s.signUpMember()];
    expect((await s.call('PUT', SETTINGS_PATHS.updateNotify, { token: b.token, body: { featureCode: 'friendRequest', notify: 'No' } })).status).toBe(201);
    await s.call('PUT', FRIEND_PATHS.suggestionAccept(b.userCode), { token: a.token });
    expect(await kinds(b)).toEqual([]);
    // Other features still reach b.
    await befriend(s.api, b, c);
    const post = await entry(b);
    await s.call('POST', P.commentCreate(post), { token: c.token, body: { commentCode: uuid(), comment: 'Hi' } });
    expect(await kinds(b)).toContain('entryComment');
  });

  it('pages newest first, counts unread, marks read only the caller’s own; refuses bad input', async () => {
    const [a, b, c] = [await s.signUpMember(), await s.signUpMember(), await s.signUpMember()];
    await befriend(s.api, b, a);
    await befriend(s.api, c, a);
    // a accepted both requests: a holds the two requests' bulletins; read them first.
    await s.call('PUT', B.read, { token: a.token, body: { all: true } });
    await s.call('PUT', B.read, { token: a.token, body: { all: true } });
    const post = await entry(a);
    for (let i = 0; i < 18; i += 1) await s.call('POST', P.commentCreate(post), { token: b.token, body: { commentCode: uuid(), comment: `c${i}` } });
    const page1 = await list(a);
    expect(page1).toMatchObject({ totalRecords: 20, unread: 18 });
    expect(page1.bulletins).toHaveLength(16);
    expect(page1.bulletins.map((x) => x.kind)).toEqual(Array(16).fill('entryComment'));
    expect((await list(a, 2)).bulletins.map((x) => x.kind)).toEqual(['entryComment', 'entryComment', 'friendRequest', 'friendRequest']);

    // c cannot read a's bulletins by code; a can.
    const codes = page1.bulletins.slice(0, 2).map((x) => x.bulletinCode);
    expect((await s.call('PUT', B.read, { token: c.token, body: { bulletinCodes: codes } })).status).toBe(200);
    expect((await list(a)).unread).toBe(18);
    const read = await s.call('PUT', B.read, { token: a.token, body: { bulletinCodes: codes } });
    expect(read.body.data).toEqual({ unread: 16 });
    expect((await list(a)).bulletins.slice(0, 2).every((x) => x.read)).toBe(true);
    expect((await s.call('PUT', B.read, { token: a.token, body: { all: true } })).body.data).toEqual({ unread: 0 });

    expect((await s.call('GET', B.list)).status).toBe(401);
    expect((await s.call('PUT', B.read, { body: { all: true } })).status).toBe(401);
    const bad = await s.call('PUT', B.read, { token: a.token, body: { bulletinCodes: ['not-a-code'] } });
    expect(bad.status).toBe(400);
    expect((await s.call('PUT', B.read, { token: a.token, body: { bulletinCodes: [] } })).status).toBe(400);
  });

  it('a telex to a billionett with no open app becomes one bulletin per sender, read with the messages', async () => {
    const [a, b] = [await s.signUpMember(), await s.signUpMember()];
    await befriend(s.api, a, b);
    await s.call('PUT', B.read, { token: b.token, body: { all: true } });
    const ca = await TelexClient.open(s.url, a);
    try {
      for (const text of ['one', 'two', 'three']) {
        const id = ca.telex(b.userCode, text);
        await ca.next((f) => f.type === 'ack' && f.id === id);
      }
      await expect.poll(async () => (await list(b)).bulletins.filter((x) => !x.read).map((x) => [x.kind, x.repeats, x.url])).toEqual([['telex', 3, `/telex?with=${a.userCode}`]]);
      // Online, b gets the messages live and no bulletin; reading them reads the bulletin.
      const cb = await TelexClient.open(s.url, b);
      try {
        const id = ca.telex(b.userCode, 'four');
        const got = await cb.next((f) => f.type === 'message' && f.id === id);
        expect(got).toBeTruthy();
        expect((await list(b)).bulletins[0]!.repeats).toBe(3);
        const history = await s.call('GET', CHAT_PATHS.conversation(a.userCode), { token: b.token });
        const ids = (history.body.data.chatHistory as { id: string }[]).map((m) => m.id);
        expect(ids).toHaveLength(4);
        cb.send({ type: 'read', ids });
        await expect.poll(async () => (await list(b)).unread).toBe(0);
      } finally {
        await cb.close();
      }
    } finally {
      await ca.close();
    }
  });
});
