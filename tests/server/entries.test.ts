/**
 * Entries between real members: create every type, the §5 rules as 400 field errors, an
 * idempotent create, home / suite / archive / search feeds with filters, privacy in every
 * mode (an 'Only me' entry never reaches another member), share, rate, vote, save, report,
 * and author-only delete and privacy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuid } from 'uuid';
import { ENTRY_MESSAGES, ENTRY_PATHS as P, type EntryForm, type PostItem } from '../../src/contract/entries';
import { FRIEND_PATHS } from '../../src/contract/friends';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';
import { uploadMedia } from '../support/media';
import { dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';

const tomorrow = (days = 1) => new Date(Date.now() + days * 86_400_000 + 3_600_000).toISOString();
const place = (name: string, latitude: number, longitude: number) => ({ placeId: name.toLowerCase(), latitude, longitude, place: name });
const lagos = place('Lagos', 6.4541, 3.3947);
const accra = place('Accra', 5.6037, -0.187);

describe.each(dbTargets())('entries on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let a: TestMember; // author
  let b: TestMember; // a's billionett
  let c: TestMember; // a stranger
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
    [a, b, c] = [await s.signUpMember(), await s.signUpMember(), await s.signUpMember()];
    await s.call('PUT', FRIEND_PATHS.suggestionAccept(b.userCode), { token: a.token });
    await s.call('POST', FRIEND_PATHS.requestAccept(a.userCode), { token: b.token });
  });
  afterAll(async () => {
    await s?.close();
  });

  const create = (m: TestMember, body: Partial<EntryForm>, query = '', key?: string) =>
    s.call('POST', `${P.create}${query}`, {
      token: m.token,
      body: { userPostCode: uuid(), featureCode: 5, ...body },
      headers: key ? { 'Idempotency-Key': key } : {},
    });
  const get = (m: TestMember, path: string) => s.call('GET', path, { token: m.token });
  const codes = (r: { body: { data?: { userPosts?: PostItem[]; searchedPost?: PostItem[] } } }) =>
    (r.body.data?.userPosts ?? r.body.data?.searchedPost ?? []).map((p) => p.sharedDetails?.sharedPost.postCode ?? p.originalPost?.postCode);

  it('creates an entry once however often it is sent', async () => {
    const userPostCode = uuid();
    const first = await create(a, { userPostCode, postDescription: 'Hello Lagos', fromLocationDetails: lagos, postTags: [b.userCode] });
    expect(first.status).toBe(201);
    expect(first.body.data.originalPost).toMatchObject({
      postCode: userPostCode,
      postDescription: 'Hello Lagos',
      featureCode: 5,
      privacyCode: 1,
      postedBy: { userCode: a.userCode },
      postedAt: { originCode: a.userCode, postType: 'user' },
      taggedUsers: [{ userCode: b.userCode }],
      location: { fromplaceName: 'Lagos', fromlatitude: 6.4541 },
      avgRating: 0,
      noOfComments: 0,
    });
    const again = await create(a, { userPostCode, postDescription: 'Hello Lagos' });
    expect(again.status).toBe(200);
    // A resend is the same request (the outbox keeps its body): same key, same bytes.
    const keyed = uuid();
    const byKey = await create(a, { userPostCode: keyed, postDescription: 'keyed' }, '', 'k-1');
    const byKeyAgain = await create(a, { userPostCode: keyed, postDescription: 'keyed' }, '', 'k-1');
    expect(byKeyAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(byKeyAgain.body.data.originalPost.postCode).toBe(byKey.body.data.originalPost.postCode);
    const mine = await get(a, `${P.suite}?pageSize=50`);
    expect(codes(mine).filter((code) => code === userPostCode)).toHaveLength(1);
    // Someone else cannot take the code.
    expect((await create(b, { userPostCode, postDescription: 'x' })).status).toBe(409);
  });

  it('answers 400 with field errors for bad entries (spec §5)', async () => {
    const empty = await create(a, { postDescription: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors['postDescription']).toEqual([ENTRY_MESSAGES.entryEmpty]);
    const poll = await create(a, { featureCode: 1, pollingDetails: { pollingQuestion: 'Tea?', pollingAnswer1: 'Yes', pollingAnswer2: '  ' } });
    expect(poll.status).toBe(400);
    expect(poll.body.errors['pollingDetails.pollingAnswers']).toEqual(['At least 2 options need!']);
    expect(poll.body.errors['pollingDetails.pollingAnswer2']).toEqual(['Please enter option 2']);
    const today = await create(a, { featureCode: 2, fromDateTime: new Date().toISOString(), fromLocationDetails: lagos });
    expect(today.body.errors['fromDateTime']).toEqual([ENTRY_MESSAGES.startNotFuture]);
    const backwards = await create(a, { featureCode: 3, fromDateTime: tomorrow(3), toDateTime: tomorrow(2), fromLocationDetails: lagos, toLocationDetails: null });
    expect(backwards.body.errors['toDateTime']).toEqual([ENTRY_MESSAGES.endBeforeStart]);
    expect(backwards.body.errors['toLocationDetails']).toEqual([ENTRY_MESSAGES.toLocationRequired]);
    const theatre = await create(a, { featureCode: 4, postGalleries: [{ path: '/media/x/a.jpg', mediaType: 'image' }] as never });
    expect(theatre.body.errors['postGalleries']).toEqual([ENTRY_MESSAGES.theatreVideo]);
    expect((await create(a, { postDescription: 'x', privacyCode: 7 as never })).status).toBe(400);
    // A stranger's suite is not a target.
    expect((await create(a, { postDescription: 'x' }, `?postType=user&profileCode=${c.userCode}`)).status).toBe(403);
  });

  it('creates polls, occasions, transits and theatre; filters by type; votes and rates', async () => {
    const poll = await create(a, {
      featureCode: 1,
      pollingDetails: { pollingQuestion: 'Jollof or waakye?', pollingAnswer1: 'Jollof', pollingAnswer2: 'Waakye', pollingAnswer3: '' },
    });
    expect(poll.status).toBe(201);
    const pollCode = poll.body.data.originalPost.postCode;
    expect(poll.body.data.originalPost.pollingDetails).toEqual({
      pollingQuestion: 'Jollof or waakye?',
      pollingOptions: { option1: { text: 'Jollof', votes: 0 }, option2: { text: 'Waakye', votes: 0 }, option3: null },
      currentUserOption: null,
    });
    const occasion = await create(a, { featureCode: 2, fromDateTime: tomorrow(2), toDateTime: null, fromLocationDetails: accra, emojiCode: 'F01', activityCode: 'A02' });
    expect(occasion.status).toBe(201);
    // The feeling and the activity, each looked up by its code (read-repo.ts), on the entry and on a feed.
    const feltAs = { feelings: { feelingName: 'happy', feelingicon: '😊' }, activity: { activityName: 'celebrating', activityicon: '🎉' } };
    expect(occasion.body.data.originalPost).toMatchObject(feltAs);
    const onFeed = (await get(b, `${P.home}?featureCodes=2&pageSize=50`)).body.data.userPosts.map((i: { originalPost: unknown }) => i.originalPost);
    expect(onFeed).toEqual([expect.objectContaining(feltAs)]);
    expect(poll.body.data.originalPost).toMatchObject({ feelings: null, activity: null });
    expect(occasion.body.data.originalPost.occasionPeriod).toMatchObject({ end_date: null });
    const transit = await create(a, { featureCode: 3, fromDateTime: tomorrow(2), toDateTime: tomorrow(3), fromLocationDetails: lagos, toLocationDetails: accra });
    expect(transit.body.data.originalPost.location).toMatchObject({ fromplaceName: 'Lagos', toplaceName: 'Accra', tolongitude: -0.187 });
    const theatre = await create(a, { featureCode: 4, postGalleries: [await uploadMedia(s, a, 'video')] });
    expect(theatre.status).toBe(201);

    expect(codes(await get(b, `${P.home}?featureCodes=1&pageSize=50`))).toEqual([pollCode]);
    expect(codes(await get(b, `${P.home}?featureCodes=3&pageSize=50`))).toEqual([transit.body.data.originalPost.postCode]);
    expect(codes(await get(b, `${P.home}?featureCodes=11&pageSize=50`))).toEqual([theatre.body.data.originalPost.postCode]);
    expect(codes(await get(b, `${P.home}?featureCodes=18&pageSize=50`))).toHaveLength(1); // tagged in 'Hello Lagos'
    expect((await get(b, `${P.home}?featureCodes=7`)).status).toBe(400);

    const vote = (m: TestMember, n: number) => s.call('POST', P.pollVote(pollCode), { token: m.token, body: { userPostCode: pollCode, pollingResponse: n } });
    expect((await vote(b, 2)).body.data).toMatchObject({ pollingOptions: { option2: { votes: 1 } }, currentUserOption: 2 });
    expect((await vote(c, 1)).body.data.pollingOptions.option1.votes).toBe(1);
    expect((await vote(c, 2)).body.data.pollingOptions).toMatchObject({ option1: { votes: 0 }, option2: { votes: 2 } });
    expect((await vote(c, 3)).status).toBe(400);

    const rate = (m: TestMember, rating: number) => s.call('POST', P.rate(pollCode), { token: m.token, body: { rating } });
    expect((await rate(b, 4.5)).body.data).toEqual({ avgRating: 4.5, currentRating: 4.5 });
    expect((await rate(c, 2)).body.data).toEqual({ avgRating: 3.3, currentRating: 2 });
    expect((await rate(c, 3)).body.data).toEqual({ avgRating: 3.8, currentRating: 3 });
    expect((await rate(c, 3.3)).status).toBe(400);
    const one = await get(c, P.entry(pollCode));
    expect(one.body.data.originalPost).toMatchObject({ avgRating: 3.8, currentRating: 3, pollingDetails: { currentUserOption: 2 } });
    // The same entry on two members' feeds (read once, feed-page.ts keeps it): each sees their own marks.
    expect((await s.call('POST', P.save(pollCode), { token: b.token })).body.message).toBe('Saved...');
    const pollOf = async (m: TestMember, path: string) => (await get(m, path)).body.data.userPosts.find((p: PostItem) => p.originalPost?.postCode === pollCode)?.originalPost;
    expect(await pollOf(b, `${P.home}?featureCodes=1`)).toMatchObject({ avgRating: 3.8, currentRating: 4.5, saved: true, pollingDetails: { currentUserOption: 2 } });
    expect(await pollOf(c, `${P.suite}?userCode=${a.userCode}&featureCodes=1`)).toMatchObject({ avgRating: 3.8, currentRating: 3, saved: false, pollingDetails: { currentUserOption: 2 } });
    expect(await pollOf(a, `${P.home}?featureCodes=1`)).toMatchObject({ avgRating: 3.8, currentRating: 0, saved: false, pollingDetails: { currentUserOption: null } });
    expect((await s.call('PUT', P.unsave(pollCode), { token: b.token })).body.message).toBe('Unsaved...');
  });

  it('never shows an Only me entry to another member, in any mode', async () => {
    const secretImage = await uploadMedia(s, a);
    const secret = await create(a, { postDescription: 'zebra secret', privacyCode: 3, postGalleries: [secretImage] });
    const friendsOnly = await create(a, { postDescription: 'zebra friends', privacyCode: 2 });
    const [sCode, fCode] = [secret.body.data.originalPost.postCode, friendsOnly.body.data.originalPost.postCode];
    for (const m of [b, c]) {
      for (const path of [`${P.home}?pageSize=100`, `${P.suite}?userCode=${a.userCode}&pageSize=100`, `${P.saved}?pageSize=100`, `${P.search('zebra')}?pageSize=100`, `${P.home}?featureCodes=11&pageSize=100`]) {
        const r = await get(m, path);
        expect(r.status).toBe(200);
        expect(codes(r)).not.toContain(sCode);
        expect(JSON.stringify(r.body)).not.toContain(secretImage.path);
      }
      expect((await get(m, P.entry(sCode))).status).toBe(404);
      expect((await s.call('POST', P.save(sCode), { token: m.token })).status).toBe(404);
      expect((await get(m, P.comments(sCode))).status).toBe(404);
    }
    expect(codes(await get(b, `${P.search('zebra')}`))).toEqual([fCode]);
    expect(codes(await get(c, `${P.search('zebra')}`))).toEqual([]);
    expect(codes(await get(a, `${P.search('zebra')}`))).toEqual([fCode, sCode]);
    // search/post (spec/calls.md's search family) is the same search, its text as ?keyword.
    expect(codes(await get(b, `${P.searchByKeyword}?keyword=zebra&pageNo=1`))).toEqual([fCode]);
    expect(codes(await get(c, `${P.searchByKeyword}?keyword=zebra`))).toEqual([]);
    expect(codes(await get(a, `${P.searchByKeyword}?keyword=zebra`))).toEqual([fCode, sCode]);
    const short = await get(a, `${P.searchByKeyword}?keyword=z`);
    expect(short.status).toBe(400);
    expect(Object.keys(short.body.errors)).toEqual(['keyword']);
    // Accents and case folded, a typo tolerated, privacy the same.
    const cafe = await create(a, { postDescription: 'Zèbre Café on Nørrebrogade', privacyCode: 2 });
    const cafeCode = cafe.body.data.originalPost.postCode;
    for (const text of ['ZEBRE CAFE', 'norrebrogade', 'Norebrogade']) {
      expect(codes(await get(b, `${P.search(text)}`))).toEqual([cafeCode]);
      expect(codes(await get(c, `${P.search(text)}`))).toEqual([]);
    }
    // Shared while public, then made Only me: the share stays, the original (and its media) does not.
    const openImage = await uploadMedia(s, a);
    const open = await create(a, { postDescription: 'open then closed', postGalleries: [openImage] });
    const oCode = open.body.data.originalPost.postCode;
    const share = await s.call('POST', `${P.share}?postType=user`, { token: c.token, body: { userPostCode: uuid(), originalUserPostCode: oCode, postDescription: 'look' } });
    expect(share.status).toBe(201);
    expect(share.body.data).toMatchObject({ isShared: true, originalPost: { postCode: oCode }, sharedDetails: { sharedBy: { userCode: c.userCode } } });
    expect((await s.call('PUT', P.privacy(oCode), { token: a.token, body: { privacyCode: 3 } })).status).toBe(201);
    const shareCode = share.body.data.sharedDetails.sharedPost.postCode;
    const seen = await get(c, P.entry(shareCode));
    expect(seen.body.data.originalPost).toBeNull();
    expect(JSON.stringify(seen.body)).not.toContain(openImage.path);
    // In the feeds too, though its author has just read it (the entry is kept for feeds).
    expect(codes(await get(a, `${P.suite}?userCode=${a.userCode}&pageSize=100`))).toContain(oCode);
    for (const path of [`${P.suite}?userCode=${c.userCode}&pageSize=100`, `${P.home}?pageSize=100`]) {
      const r = await get(c, path);
      const item = (r.body.data.userPosts as PostItem[]).find((p) => p.sharedDetails?.sharedPost.postCode === shareCode);
      expect(item).toMatchObject({ isShared: true, originalPost: null });
      expect(JSON.stringify(r.body)).not.toContain(openImage.path);
    }
  });

  it('searches alike for every member, kept or not: new entries, privacy changes and each one\'s own part at once', async () => {
    const word = `quokka${'abcdefghij'.split('').sort(() => Math.random() - 0.5).join('').slice(0, 6)}`;
    const code = (r: { body: { data: { originalPost: { postCode: string } } } }) => r.body.data.originalPost.postCode;
    const open = code(await create(a, { postDescription: `${word} one` }));
    expect(codes(await get(c, P.search(word)))).toEqual([open]);
    // A billionetts-only entry: the billionett sees it beside the public one just kept, the stranger does not.
    const friends = code(await create(a, { postDescription: `${word} two`, privacyCode: 2 }));
    expect(codes(await get(b, P.search(word)))).toEqual([friends, open]);
    expect(codes(await get(c, P.search(word)))).toEqual([open]);
    // Made Only me after it was kept: gone at once for everyone but its author.
    expect((await s.call('PUT', P.privacy(open), { token: a.token, body: { privacyCode: 3 } })).status).toBe(201);
    expect(codes(await get(c, P.search(word)))).toEqual([]);
    expect(codes(await get(b, P.search(word)))).toEqual([friends]);
    expect(codes(await get(a, P.search(word)))).toEqual([friends, open]);
    // A new public entry: found at once.
    const later = code(await create(c, { postDescription: `${word} three` }));
    expect(codes(await get(b, P.search(word)))).toEqual([later, friends]);
    expect(codes(await get(c, `${P.search(word)}?featureCodes=5`))).toEqual([later]);
  });

  it('saves, unsaves, reports; only the author deletes or changes privacy', async () => {
    const entry = await create(a, { postDescription: 'archive me' });
    const code = entry.body.data.originalPost.postCode;
    expect((await s.call('POST', P.save(code), { token: b.token })).body.message).toBe('Saved...');
    expect((await s.call('POST', P.save(code), { token: b.token })).status).toBe(200);
    expect(codes(await get(b, P.saved))).toEqual([code]);
    expect(codes(await get(b, `${P.home}?featureCodes=16`))).toEqual([code]);
    expect((await get(b, P.entry(code))).body.data.originalPost.saved).toBe(true);
    expect((await s.call('PUT', P.unsave(code), { token: b.token })).body.message).toBe('Unsaved...');
    expect(codes(await get(b, P.saved))).toEqual([]);
    expect((await s.call('POST', P.report(code), { token: c.token, body: { reportDescription: 'spam' } })).body.message).toBe('Thanks for reporting...');
    expect((await s.call('POST', P.report(code), { token: c.token, body: { reportDescription: ' ' } })).status).toBe(400);

    expect((await s.call('DELETE', P.entry(code), { token: b.token })).status).toBe(403);
    expect((await s.call('PUT', P.privacy(code), { token: c.token, body: { privacyCode: 2 } })).status).toBe(403);
    const changed = await s.call('PUT', P.privacy(code), { token: a.token, body: { privacyCode: 2 } });
    expect(changed.body.data.originalPost.privacyCode).toBe(2);
    expect((await get(c, P.entry(code))).status).toBe(404);
    expect((await get(b, P.entry(code))).status).toBe(200);
    expect((await s.call('DELETE', P.entry(code), { token: a.token })).status).toBe(200);
    expect((await get(a, P.entry(code))).status).toBe(404);
  });

  it('posts on a billionett\'s suite and pages the feed by 5', async () => {
    const onB = await create(a, { postDescription: 'on your suite' }, `?postType=user&profileCode=${b.userCode}`);
    expect(onB.body.data.originalPost.postedAt).toMatchObject({ originCode: b.userCode });
    expect(codes(await get(c, `${P.suite}?userCode=${b.userCode}`))).toEqual([onB.body.data.originalPost.postCode]);
    const p1 = await get(a, P.home);
    expect(p1.body.data.userPosts).toHaveLength(5);
    const p2 = await get(a, `${P.home}?pageNo=2`);
    expect(new Set([...codes(p1), ...codes(p2)]).size).toBe(10);
    expect(p1.body.totalRecords).toBeGreaterThanOrEqual(10);
  });
});

describe('the seeded entries (pglite)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('fills both demo home feeds with every type, comments and ratings, and hides Only me', async () => {
    for (const login of DEMO_LOGINS.slice(0, 2)) {
      const me = (await s.call('POST', 'auth/signIn', { body: { username: login.email, password: login.password } })).body.data as { id: string; accessToken: string };
      const home = await s.call('GET', `${P.home}?pageSize=100`, { token: me.accessToken });
      expect(home.status).toBe(200);
      expect(home.body.totalRecords).toBeGreaterThanOrEqual(50);
      const items = home.body.data.userPosts as PostItem[];
      const originals = items.map((p) => p.originalPost).filter((p) => p !== null);
      expect(new Set(originals.map((p) => p.featureCode))).toEqual(new Set([1, 2, 3, 5]));
      expect(originals.some((p) => p.noOfComments > 0 && p.avgRating > 0)).toBe(true);
      expect(originals.some((p) => p.location?.toplaceName)).toBe(true);
      const othersOnlyMe = items
        .map((p) => p.sharedDetails?.sharedPost ?? p.originalPost!)
        .filter((entry) => entry.postedBy.userCode !== me.id && entry.privacyCode === 3);
      expect(othersOnlyMe).toEqual([]);
      const first = p1Code(items);
      const comments = await s.call('GET', P.comments(first), { token: me.accessToken });
      expect(comments.status).toBe(200);
    }
  });
});

const p1Code = (items: PostItem[]) => (items[0]!.sharedDetails?.sharedPost ?? items[0]!.originalPost!).postCode;
