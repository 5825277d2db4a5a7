/**
 * Following slates and answering asks (spec/calls.md "Slates", spec §4; contract/circle-admin.ts
 * decisions): the 'requests' privacy at 2 (the admin's billionetts follow at once, others
 * ask), an ask rejected (no longer suggested, may ask again) or withdrawn; every reader call
 * on a slate the caller may not reach (unpublished, paused, missing) answering 404 alike;
 * the admin's own slate refused with 400; a replay with one Idempotency-Key (create, follow,
 * delete) applying once; bad input answering 400 with field errors, never 500.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CIRCLE_FORM_MESSAGES } from '../../src/contract/circle-admin';
import { CIRCLE_MESSAGES, SLATE_PATHS, type SlateCard } from '../../src/contract/circles';
import { insertSlate } from '../support/circles';
import { dbTargets, serverForSuite, type TestMember, type TestServer } from '../support/server';
import { createSlateAs, setSlate, slateFormOf } from '../support/slates';
import { befriend } from '../support/telex';

describe.each(dbTargets())('following slates on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let outsider: TestMember;
  serverForSuite({ databaseUrl }, 1, (server, m) => ([s, outsider] = [server, m[0]!]));

  const call = (m: TestMember, method: string, path: string, body?: unknown, key?: string) =>
    s.call(method, path, { token: m.token, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
  const codes = (r: { body: { data: SlateCard[] } }) => r.body.data.map((card) => card.pageCode);
  const sapphire = () => s.signUpMember({ planCode: 'sapphire' });

  it("follows at once as the admin's billionett under 'requests' 2, asks otherwise; a rejected ask is not suggested again", async () => {
    const [admin, friend, stranger] = [await sapphire(), await s.signUpMember(), await s.signUpMember()];
    await befriend(s.api, admin, friend);
    const slate = await createSlateAs(s, admin, { pageName: 'Half open' });
    await call(admin, 'PUT', SLATE_PATHS.privacy(slate), { featureCode: 'requests', privacyCode: 2 });

    const joined = await call(friend, 'PUT', SLATE_PATHS.follow(slate));
    expect([joined.status, joined.body.data]).toEqual([201, { pageCode: slate, followingStatus: 'following', card: expect.objectContaining({ followerCount: 1 }) }]);
    const asked = await call(stranger, 'PUT', SLATE_PATHS.follow(slate));
    expect([asked.status, asked.body.data.followingStatus, asked.body.data.card.followerCount]).toEqual([201, 'requested', 1]);
    // Asking again, or following again: nothing changes.
    const again = await call(stranger, 'PUT', SLATE_PATHS.follow(slate));
    expect([again.status, again.body.data.followingStatus]).toEqual([200, 'requested']);
    const still = await call(friend, 'PUT', SLATE_PATHS.follow(slate));
    expect([still.status, still.body.data.followingStatus, still.body.data.card.followerCount]).toEqual([200, 'following', 1]);

    const rejected = await call(admin, 'PUT', SLATE_PATHS.requestReject(slate, stranger.userCode));
    expect([rejected.status, rejected.body.data]).toEqual([200, { code: slate, userCode: stranger.userCode, count: 1, requests: 0, invited: 0 }]);
    expect((await call(admin, 'PUT', SLATE_PATHS.requestReject(slate, stranger.userCode))).body.message).toBe(CIRCLE_FORM_MESSAGES.noRequest);
    expect((await call(stranger, 'GET', SLATE_PATHS.requested)).body.totalRecords).toBe(0);
    expect(codes(await call(stranger, 'GET', `${SLATE_PATHS.suggestions}?pageSize=100`))).not.toContain(slate);
    expect((await call(stranger, 'GET', SLATE_PATHS.slate(slate))).body.data.followingStatus).toBe('none');

    // They may still ask, and withdraw the ask with Unfollow.
    expect((await call(stranger, 'PUT', SLATE_PATHS.follow(slate))).body.data.followingStatus).toBe('requested');
    const withdrawn = await call(stranger, 'PUT', SLATE_PATHS.unfollow(slate));
    expect([withdrawn.status, withdrawn.body.data.followingStatus]).toEqual([200, 'none']);
    expect((await call(admin, 'GET', SLATE_PATHS.followerRequests(slate))).body.totalRecords).toBe(0);
    // An unknown member is no ask either.
    expect((await call(admin, 'POST', SLATE_PATHS.requestAccept(slate, 'UNOSUCH'))).status).toBe(404);
    expect((await call(admin, 'POST', SLATE_PATHS.followerRemove(slate, stranger.userCode))).body.message).toBe(CIRCLE_FORM_MESSAGES.notFollower);
  });

  it('answers 404 alike to every reader call on an unpublished, a paused or a missing slate', async () => {
    const admin = await sapphire();
    const follower = await s.signUpMember();
    const unpublished = (await insertSlate(s.app, admin.userCode, 'Unpublished', { privacyCode: 3, people: [follower.userCode] })).code;
    const paused = (await insertSlate(s.app, admin.userCode, 'Paused', { privacyCode: 1, statusCode: 5, people: [follower.userCode] })).code;
    const readerCalls = (code: string): [string, string][] => [
      ['GET', SLATE_PATHS.slate(code)],
      ['GET', SLATE_PATHS.followers(code)],
      ['PUT', SLATE_PATHS.follow(code)],
      ['POST', SLATE_PATHS.later(code)],
      ['PUT', SLATE_PATHS.unfollow(code)],
    ];
    for (const code of [unpublished, paused, 'SNOSUCH000']) {
      for (const m of [follower, outsider]) {
        for (const [method, path] of readerCalls(code)) {
          const r = await call(m, method, path);
          expect([path, r.status, r.body.message]).toEqual([path, 404, CIRCLE_MESSAGES.slateNotFound]);
        }
      }
    }
    // Its admin reaches both; the follower is still a follower of each.
    for (const code of [unpublished, paused]) {
      expect((await call(admin, 'GET', SLATE_PATHS.followers(code))).body.data).toEqual([expect.objectContaining({ pageFollowerCode: follower.userCode })]);
    }
    expect(codes(await call(follower, 'GET', `${SLATE_PATHS.following}?pageSize=100`))).toEqual([paused]);
  });

  it("refuses the admin's own follow and unfollow with 400; a paused slate takes no new follower", async () => {
    const admin = await sapphire();
    const slate = await createSlateAs(s, admin, { pageName: 'Mine' });
    for (const path of [SLATE_PATHS.follow(slate), SLATE_PATHS.unfollow(slate)]) {
      const r = await call(admin, 'PUT', path);
      expect([r.status, r.body.message, Object.keys(r.body.errors ?? {})]).toEqual([400, expect.stringMatching(/admin/), ['pageCode']]);
    }
    expect((await call(admin, 'GET', SLATE_PATHS.followers(slate))).body.totalRecords).toBe(0);

    await setSlate(s.app, slate, { requestsPrivacy: 3 });
    const asker = await s.signUpMember();
    await call(asker, 'PUT', SLATE_PATHS.follow(slate));
    await call(admin, 'PUT', SLATE_PATHS.slate(slate), slateFormOf({ pageName: 'Mine', statusCode: 5 }));
    const accept = await call(admin, 'POST', SLATE_PATHS.requestAccept(slate, asker.userCode));
    expect([accept.status, accept.body.message]).toEqual([403, CIRCLE_FORM_MESSAGES.paused]);
    // The asker's list keeps it, dimmed (statusCode 5).
    expect((await call(asker, 'GET', SLATE_PATHS.requested)).body.data).toEqual([expect.objectContaining({ pageCode: slate, statusCode: 5, followingStatus: 'requested' })]);
  });

  it('applies a create, a follow and a delete once per Idempotency-Key', async () => {
    const admin = await sapphire();
    const before = (await call(admin, 'GET', SLATE_PATHS.own)).body.totalRecords;
    const key = randomUUID();
    const first = await call(admin, 'POST', SLATE_PATHS.create, slateFormOf({ pageName: 'Once' }), key);
    const again = await call(admin, 'POST', SLATE_PATHS.create, slateFormOf({ pageName: 'Once' }), key);
    expect([first.status, again.status, again.body, again.headers.get('idempotent-replayed')]).toEqual([201, 201, first.body, 'true']);
    expect((await call(admin, 'GET', SLATE_PATHS.own)).body.totalRecords).toBe(before + 1);
    const slate = first.body.data.pageCode as string;

    const follower = await s.signUpMember();
    const followKey = randomUUID();
    const followed = await call(follower, 'PUT', SLATE_PATHS.follow(slate), undefined, followKey);
    expect(followed.body.data.followingStatus).toBe('following');
    await call(follower, 'PUT', SLATE_PATHS.unfollow(slate));
    // The outbox replays the first follow: its first answer, and it does not follow again.
    const replayed = await call(follower, 'PUT', SLATE_PATHS.follow(slate), undefined, followKey);
    expect([replayed.status, replayed.body]).toEqual([201, followed.body]);
    expect((await call(follower, 'GET', SLATE_PATHS.slate(slate))).body.data).toMatchObject({ followingStatus: 'none', followerCount: 0 });

    await call(follower, 'PUT', SLATE_PATHS.follow(slate));
    const deleteKey = randomUUID();
    const gone = await call(admin, 'DELETE', SLATE_PATHS.slate(slate), undefined, deleteKey);
    expect([gone.status, gone.body.data]).toEqual([200, { pageCode: slate }]);
    // A retried delete is the same success, not a 404; a new one is a 404.
    expect((await call(admin, 'DELETE', SLATE_PATHS.slate(slate), undefined, deleteKey)).body).toEqual(gone.body);
    expect((await call(admin, 'DELETE', SLATE_PATHS.slate(slate))).status).toBe(404);
    expect((await call(follower, 'GET', `${SLATE_PATHS.following}?pageSize=100`)).body.totalRecords).toBe(0);
  });

  it('answers bad input with 400 and its field, never 500', async () => {
    const admin = await sapphire();
    const slate = await createSlateAs(s, admin, { pageName: 'Strict' });
    const cases: [string, string, unknown, string][] = [
      ['GET', `${SLATE_PATHS.suggestions}?pageNo=0`, undefined, 'pageNo'],
      ['GET', `${SLATE_PATHS.own}?pageSize=1000`, undefined, 'pageSize'],
      ['GET', `${SLATE_PATHS.followers(slate)}?pageNo=abc`, undefined, 'pageNo'],
      ['POST', SLATE_PATHS.create, { ...slateFormOf(), pageName: 'x'.repeat(81) }, 'pageName'],
      ['POST', SLATE_PATHS.create, { ...slateFormOf(), statusCode: 3 }, 'statusCode'],
      ['POST', SLATE_PATHS.create, { ...slateFormOf(), privacyCode: '1' }, 'privacyCode'],
      ['POST', SLATE_PATHS.create, { ...slateFormOf(), pageType: 'P99' }, 'pageType'],
      ['PUT', SLATE_PATHS.slate(slate), { ...slateFormOf(), pageCaption: '   ' }, 'pageCaption'],
      ['POST', SLATE_PATHS.requestAccept(slate, 'U'.repeat(41)), undefined, 'referenceCode'],
    ];
    for (const [method, path, body, field] of cases) {
      const r = await call(admin, method, path, body);
      expect([path, field, r.status, Object.keys(r.body.errors ?? {})]).toEqual([path, field, 400, [field]]);
    }
    const notJson = await s.call('POST', SLATE_PATHS.create, { token: admin.token, rawBody: '{"pageName":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect((await call(admin, 'GET', SLATE_PATHS.slate(slate))).body.data.pageName).toBe('Strict');
  });
});
