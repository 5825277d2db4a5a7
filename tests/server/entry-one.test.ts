/**
 * One entry by its code (GET user/post/{postCode}): what /entries/$postCode and a bulletin
 * ("Jonas commented on your entry") open. The answer is the feed's item, to the byte, and
 * the feed's privacy: an entry the caller may not see answers the very 404 a missing code
 * does (never 403, never rows), so the answer cannot tell "hidden" from "gone".
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuid } from 'uuid';
import { ENTRY_MESSAGES, ENTRY_PATHS as P, type PostItem } from '../../src/contract/entries';
import { insertCircle } from '../support/circles';
import { dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';
import { befriend } from '../support/telex';

describe.each(dbTargets())('one entry on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let author: TestMember;
  let friend: TestMember; // the author's billionett
  let stranger: TestMember;
  let circleMember: TestMember; // in the author's members-only circle, not a billionett
  const code: Record<'everyone' | 'friends' | 'onlyMe' | 'circle', string> = { everyone: '', friends: '', onlyMe: '', circle: '' };

  const get = (m: TestMember | null, path: string) => s.call('GET', path, m ? { token: m.token } : {});
  const post = async (privacyCode: number, text: string, query = '') => {
    const made = await s.call('POST', `${P.create}${query}`, { token: author.token, body: { userPostCode: uuid(), featureCode: 5, postDescription: text, privacyCode } });
    assert.equal(made.status, 201);
    return made.body.data.originalPost.postCode as string;
  };
  /** The same entry as `m`'s home feed carries it. */
  const inFeed = async (m: TestMember, postCode: string): Promise<PostItem | undefined> => {
    const feed = await get(m, `${P.home}?pageSize=100`);
    return (feed.body.data.userPosts as PostItem[]).find((i) => i.originalPost?.postCode === postCode);
  };

  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
    [author, friend, stranger, circleMember] = [await s.signUpMember(), await s.signUpMember(), await s.signUpMember(), await s.signUpMember()];
    await befriend(s.api, author, friend);
    code.everyone = await post(1, 'for everyone');
    code.friends = await post(2, 'for billionetts');
    code.onlyMe = await post(3, 'for me alone');
    const circle = await insertCircle(s.app, author.userCode, 'Closed circle', { privacyCode: 3, people: [circleMember.userCode] });
    code.circle = await post(1, 'for the circle', `?postType=group&profileCode=${circle.code}`);
    // A comment: the single read counts it like the feed does.
    const comment = await s.call('POST', P.commentCreate(code.friends), { token: friend.token, body: { commentCode: uuid(), comment: 'Seen it' } });
    assert.equal(comment.status, 201);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('gives the author their Only me entry, the same item as their feed', async () => {
    const one = await get(author, P.entry(code.onlyMe));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ code: 200, accessCode: 0 });
    expect(one.body.data.originalPost).toMatchObject({ postCode: code.onlyMe, privacyCode: 3, postDescription: 'for me alone' });
    expect(one.body.data).toEqual(await inFeed(author, code.onlyMe));
  });

  it('gives a billionett a Billionetts entry, with its comment count, as their feed does', async () => {
    const one = await get(friend, P.entry(code.friends));
    expect(one.status).toBe(200);
    expect(one.body.data.originalPost).toMatchObject({ privacyCode: 2, noOfComments: 1, postedBy: { userCode: author.userCode } });
    expect(one.body.data).toEqual(await inFeed(friend, code.friends));
    // 'Everyone' reaches a stranger too.
    expect((await get(stranger, P.entry(code.everyone))).status).toBe(200);
  });

  it('answers a stranger 404 for Billionetts and Only me, exactly as for a missing code', async () => {
    const missing = await get(stranger, P.entry(uuid()));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, message: ENTRY_MESSAGES.notFound });
    for (const hidden of [code.friends, code.onlyMe]) {
      const r = await get(stranger, P.entry(hidden));
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    // A billionett does not see Only me either.
    expect((await get(friend, P.entry(code.onlyMe))).body).toEqual(missing.body);
  });

  it("follows a circle's rules: its member reads, a billionett of its admin does not", async () => {
    expect((await get(circleMember, P.entry(code.circle))).status).toBe(200);
    expect((await get(circleMember, P.entry(code.friends))).status).toBe(404);
    for (const m of [friend, stranger]) expect((await get(m, P.entry(code.circle))).status).toBe(404);
  });

  it('answers 404 once the entry is deleted, 401 without a token, 400 for a code that is no code', async () => {
    const gone = await post(1, 'short-lived');
    expect((await get(friend, P.entry(gone))).status).toBe(200);
    expect((await s.call('DELETE', P.entry(gone), { token: author.token })).status).toBe(200);
    expect((await get(friend, P.entry(gone))).status).toBe(404);
    expect((await get(author, P.entry(gone))).status).toBe(404);
    expect((await get(null, P.entry(code.everyone))).status).toBe(401);
    for (const bad of ['not-a-code', '1234', `${code.everyone}x`]) expect((await get(friend, P.entry(bad))).status).toBe(400);
  });
});
