/**
 * Entries on circles and slates (contract/circles.ts privacy model): who may post and share
 * there (403 / 404), postedAt, the circle and slate feed modes, and which entries reach whom
 * for every circle / slate privacy × entry privacy — in the feed, as a single entry, in
 * search, at home and for comments, ratings and votes. 'Only me' never leaks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuid } from 'uuid';
import { CIRCLE_MESSAGES } from '../../src/contract/circles';
import { ENTRY_PATHS as P, type EntryForm, type PostItem } from '../../src/contract/entries';
import { FRIEND_PATHS } from '../../src/contract/friends';
import { insertCircle, insertSlate, type TestOrigin } from '../support/circles';
import { dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';

const PRIVACIES = [1, 2, 3] as const;

describe.each(dbTargets())('entries on circles and slates on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: TestMember; // owns the circles and slates
  let member: TestMember; // a member of every circle, a follower of every slate
  let friend: TestMember; // the admin's billionett, in no circle, following no slate
  let stranger: TestMember;
  const circles = {} as Record<(typeof PRIVACIES)[number], TestOrigin>;
  const slates = {} as Record<(typeof PRIVACIES)[number], TestOrigin>;
  let inactive: TestOrigin;
  const word = `w${Date.now().toString(36)}`;

  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
    [admin, member, friend, stranger] = [await s.signUpMember(), await s.signUpMember(), await s.signUpMember(), await s.signUpMember()];
    await s.call('PUT', FRIEND_PATHS.suggestionAccept(friend.userCode), { token: admin.token });
    await s.call('POST', FRIEND_PATHS.requestAccept(admin.userCode), { token: friend.token });
    for (const p of PRIVACIES) {
      circles[p] = await insertCircle(s.app, admin.userCode, `Circle ${p}`, { privacyCode: p, people: [member.userCode] });
      slates[p] = await insertSlate(s.app, admin.userCode, `Slate ${p}`, { privacyCode: p, people: [member.userCode] });
    }
    inactive = await insertCircle(s.app, admin.userCode, 'Dormant', { privacyCode: 1, statusCode: 1, people: [member.userCode] });
  });
  afterAll(async () => {
    await s?.close();
  });

  const create = (m: TestMember, query: string, body: Partial<EntryForm> = {}) =>
    s.call('POST', `${P.create}${query}`, { token: m.token, body: { userPostCode: uuid(), featureCode: 5, postDescription: 'hello', ...body } });
  const get = (m: TestMember, path: string) => s.call('GET', path, { token: m.token });
  const codes = (r: { body: { data?: { userPosts?: PostItem[]; searchedPost?: PostItem[] } } }) =>
    (r.body.data?.userPosts ?? r.body.data?.searchedPost ?? []).map((p) => p.sharedDetails?.sharedPost.postCode ?? p.originalPost?.postCode);
  const onCircle = (o: TestOrigin) => `?postType=group&profileCode=${o.code}`;
  const onSlate = (o: TestOrigin) => `?postType=page&profileCode=${o.code}`;

  it('lets members post on a circle and only the admin on a slate', async () => {
    const posted = await create(member, onCircle(circles[1]), { postDescription: 'circle hello' });
    expect(posted.status).toBe(201);
    expect(posted.body.data.originalPost.postedAt).toEqual({ originCode: circles[1].code, originName: 'Circle 1', postType: 'group', originAdminCode: admin.userCode });
    const notMember = await create(stranger, onCircle(circles[1]));
    expect(notMember.status).toBe(403);
    expect(notMember.body.message).toBe(CIRCLE_MESSAGES.notCircleMember);
    const friendOn2 = await create(friend, onCircle(circles[2]));
    expect(friendOn2.status).toBe(403);
    const hidden = await create(stranger, onCircle(circles[3]));
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(CIRCLE_MESSAGES.circleNotFound);
    expect((await create(member, '?postType=group&profileCode=GNOSUCH')).status).toBe(404);
    const noCode = await create(member, '?postType=group');
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors.profileCode).toEqual([CIRCLE_MESSAGES.targetRequired]);
    const dormant = await create(member, onCircle(inactive));
    expect(dormant.status).toBe(403);
    expect(dormant.body.message).toBe(CIRCLE_MESSAGES.notActive);

    const bySlateAdmin = await create(admin, onSlate(slates[1]), { postDescription: 'slate hello' });
    expect(bySlateAdmin.status).toBe(201);
    expect(bySlateAdmin.body.data.originalPost.postedAt).toEqual({ originCode: slates[1].code, originName: 'Slate 1', postType: 'page', originAdminCode: admin.userCode });
    const follower = await create(member, onSlate(slates[1]));
    expect(follower.status).toBe(403);
    expect(follower.body.message).toBe(CIRCLE_MESSAGES.notSlateAdmin);
    expect((await create(stranger, onSlate(slates[3]))).status).toBe(404);
    expect((await create(member, onSlate(slates[3]))).status).toBe(404);

    // A circle entry stays off the author's own suite.
    expect(codes(await get(member, `${P.suite}?pageSize=50`))).not.toContain(posted.body.data.originalPost.postCode);
  });

  it('shares onto a circle or slate only where the member may post', async () => {
    const original = await create(admin, '', { postDescription: 'worth sharing' });
    const code = original.body.data.originalPost.postCode;
    const share = (m: TestMember, query: string) =>
      s.call('POST', `${P.share}${query}`, { token: m.token, body: { userPostCode: uuid(), originalUserPostCode: code, postDescription: 'look' } });
    const shared = await share(member, onCircle(circles[2]));
    expect(shared.status).toBe(201);
    expect(shared.body.data.sharedDetails.sharedPost.postedAt).toMatchObject({ originCode: circles[2].code, postType: 'group' });
    expect(codes(await get(member, `${P.suite}${onCircle(circles[2])}`))).toContain(shared.body.data.sharedDetails.sharedPost.postCode);
    expect((await share(stranger, onCircle(circles[1]))).status).toBe(403);
    expect((await share(stranger, onCircle(circles[3]))).status).toBe(404);
    expect((await share(member, onSlate(slates[1]))).status).toBe(403);
    expect((await share(admin, onSlate(slates[3]))).status).toBe(201);
  });

  /** Readers of a circle / slate of privacy `p`, and of an entry of privacy `e` there (author aside). */
  const readsCircle = (who: string, p: number) => p === 1 || who === 'admin' || who === 'member' || (p === 2 && who === 'friend');
  const seesOnCircle = (who: string, p: number, e: number) => readsCircle(who, p) && e !== 3 && (e === 1 || who === 'admin' || who === 'member');
  const readsSlate = (who: string, p: number) => who === 'admin' || p === 1 || (p === 2 && (who === 'member' || who === 'friend'));
  const seesOnSlate = (who: string, p: number, e: number) => readsSlate(who, p) && (who === 'admin' || (e !== 3 && (e === 1 || who === 'member')));

  it('shows circle and slate entries by circle/slate privacy × entry privacy, in every mode', async () => {
    const viewers = { admin, member, friend, stranger } as Record<string, TestMember>;
    type Case = { origin: 'circle' | 'slate'; p: number; e: number; code: string; text: string };
    const cases: Case[] = [];
    for (const p of PRIVACIES) {
      for (const e of PRIVACIES) {
        const text = `${word} c${p}e${e}`;
        const onC = await create(member, onCircle(circles[p]), { postDescription: text, privacyCode: e, featureCode: 1, pollingDetails: { pollingQuestion: text, pollingAnswer1: 'a', pollingAnswer2: 'b' } } as Partial<EntryForm>);
        expect(onC.status).toBe(201);
        cases.push({ origin: 'circle', p, e, code: onC.body.data.originalPost.postCode, text });
        const stext = `${word} s${p}e${e}`;
        const onS = await create(admin, onSlate(slates[p]), { postDescription: stext, privacyCode: e });
        expect(onS.status).toBe(201);
        cases.push({ origin: 'slate', p, e, code: onS.body.data.originalPost.postCode, text: stext });
      }
    }
    const found = await Promise.all(
      Object.entries(viewers).map(async ([who, m]) => [who, new Set(codes(await get(m, `${P.search(word)}?pageSize=100`)))] as const),
    );
    const searched = new Map(found);
    // One line per viewer and case, what happened against what the model says: one diff shows every mismatch.
    const actual: string[] = [];
    const expected: string[] = [];
    for (const [who, m] of Object.entries(viewers)) {
      for (const c of cases) {
        const author = c.origin === 'circle' ? 'member' : 'admin';
        const reads = c.origin === 'circle' ? readsCircle(who, c.p) : readsSlate(who, c.p);
        const sees = who === author || (c.origin === 'circle' ? seesOnCircle(who, c.p, c.e) : seesOnSlate(who, c.p, c.e));
        const label = `${who} on ${c.origin} ${c.p}, entry ${c.e}:`;
        const single = await get(m, P.entry(c.code));
        const feed = await get(m, `${P.suite}${c.origin === 'circle' ? onCircle(circles[c.p as 1]) : onSlate(slates[c.p as 1])}&pageSize=100`);
        const rate = await s.call('POST', P.rate(c.code), { token: m.token, body: { rating: 4 } });
        const comments = await get(m, P.comments(c.code));
        const vote = await s.call('POST', P.pollVote(c.code), { token: m.token, body: { userPostCode: c.code, pollingResponse: 1 } });
        // A slate entry here is no poll (400) once it is visible; hidden it is 404 like everything else.
        const voteWhenSeen = c.origin === 'circle' ? 200 : 400;
        actual.push(
          `${label} entry ${single.status}, search ${searched.get(who)!.has(c.code)}, feed ${feed.status} ${codes(feed).includes(c.code)}, rate ${rate.status}, comments ${comments.status}, vote ${vote.status}`,
        );
        const s200 = sees ? 200 : 404;
        expected.push(
          `${label} entry ${s200}, search ${sees}, feed ${reads ? 200 : 404} ${reads && sees}, rate ${s200}, comments ${s200}, vote ${sees ? voteWhenSeen : 404}`,
        );
      }
    }
    expect(actual).toEqual(expected);
  });

  it('brings entries of my circles and followed slates home, not of others', async () => {
    const inCircle = await create(member, onCircle(circles[1]), { postDescription: 'home circle' });
    const onSlate1 = await create(admin, onSlate(slates[1]), { postDescription: 'home slate' });
    const circleCode = inCircle.body.data.originalPost.postCode;
    const slateCode = onSlate1.body.data.originalPost.postCode;
    const home = async (m: TestMember) => codes(await get(m, `${P.home}?pageSize=100`));
    expect(await home(admin)).toEqual(expect.arrayContaining([circleCode, slateCode]));
    expect(await home(member)).toEqual(expect.arrayContaining([circleCode, slateCode]));
    // The admin's billionett and a stranger may read both (Everyone), but they are neither members nor followers.
    for (const m of [friend, stranger]) {
      const mine = await home(m);
      expect(mine).not.toContain(circleCode);
      expect(mine).not.toContain(slateCode);
      expect((await get(m, P.entry(circleCode))).status).toBe(200);
    }
  });

  it('keeps a shared circle entry hidden from whoever may not read it', async () => {
    const secret = await create(member, onCircle(circles[3]), { postDescription: 'inner circle' });
    const code = secret.body.data.originalPost.postCode;
    const share = await s.call('POST', `${P.share}?postType=user`, { token: member.token, body: { userPostCode: uuid(), originalUserPostCode: code, postDescription: 'passing it on' } });
    expect(share.status).toBe(201);
    const shareCode = share.body.data.sharedDetails.sharedPost.postCode;
    // The stranger sees the share (Everyone on the member's suite) but never the original.
    const seen = await get(stranger, P.entry(shareCode));
    expect(seen.status).toBe(200);
    expect(seen.body.data.originalPost).toBeNull();
    expect((await s.call('POST', `${P.share}?postType=user`, { token: stranger.token, body: { userPostCode: uuid(), originalUserPostCode: code, postDescription: 'x' } })).status).toBe(404);
  });
});
