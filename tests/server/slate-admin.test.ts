/**
 * Running slates (spec/calls.md "Slates", spec §2.10, §4, §5 "Slate form", §6;
 * contract/circle-admin.ts): the admin / follower / asker / outsider matrix of every call
 * (403 for admin actions by those who may read the slate, 404 for an unpublished slate to
 * an outsider, 106 for followers its privacy hides), the form's messages and the plan, a
 * replay with one Idempotency-Key applying once, and the flows: follow and unfollow, asks
 * and their answers, Later, suggestions, removal, pause, privacy reset, deletion.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CIRCLE_FORM_MESSAGES, PLAN_MESSAGES } from '../../src/contract/circle-admin';
import { CIRCLE_MESSAGES, SLATE_PATHS, type SlateCard } from '../../src/contract/circles';
import { ACCESS_RESTRICTED } from '../../src/contract/codes';
import { dbTargets, serverForSuite, type TestMember, type TestServer } from '../support/server';
import { slateFormOf } from '../support/slates';
import { befriend } from '../support/telex';

type Role = 'admin' | 'follower' | 'asker' | 'outsider';

describe.each(dbTargets())('slate administration on $name', ({ databaseUrl }) => {
  let s: TestServer;
  const who = {} as Record<Role, TestMember>;
  let friend: TestMember;
  serverForSuite({ databaseUrl }, 4, (server, m) => {
    s = server;
    [who.admin, who.follower, who.asker, who.outsider] = m as [TestMember, TestMember, TestMember, TestMember];
  });

  const call = (m: TestMember, method: string, path: string, body?: unknown, key?: string) =>
    s.call(method, path, { token: m.token, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
  const codes = (r: { body: { data: SlateCard[] } }) => r.body.data.map((c) => c.pageCode);
  /** Slates need a plan with Slates (Sapphire); the suite's members are Ruby, so the admin moves up. */
  const sapphire = async () => s.signUpMember({ planCode: 'sapphire' });
  const create = async (admin: TestMember, o: Record<string, unknown> = {}) => {
    const r = await call(admin, 'POST', SLATE_PATHS.create, slateFormOf(o));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.data.pageCode as string;
  };

  let open = '';
  let unpublished = '';
  beforeAll(async () => {
    who.admin = await sapphire();
    friend = await s.signUpMember();
    await befriend(s.api, who.admin, friend);
    open = await create(who.admin, { pageName: 'Open Slate' });
    unpublished = await create(who.admin, { pageName: 'Draft Slate', privacyCode: 3 });
    assert.equal((await call(who.follower, 'PUT', SLATE_PATHS.follow(open))).body.data.followingStatus, 'following');
    // Asks: 'requests' at 3 — everyone asks the admin.
    assert.equal((await call(who.admin, 'PUT', SLATE_PATHS.privacy(open), { featureCode: 'requests', privacyCode: 3 })).status, 201);
    assert.equal((await call(who.asker, 'PUT', SLATE_PATHS.follow(open))).body.data.followingStatus, 'requested');
  });

  it('creates a slate: an S… code, the category from the type, the admin no follower; only on a plan with slates', async () => {
    const r = await call(who.admin, 'POST', SLATE_PATHS.create, slateFormOf({ pageName: 'Made Here', pageType: 'P14' }));
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ pageName: 'Made Here', pageCategoryName: 'Health & Care', followingStatus: 'owner', followerCount: 0, statusCode: 9, canPost: true });
    expect(r.body.data.pageCode).toMatch(/^S[0-9A-HJKMNP-TV-Z]{9}$/);
    const ruby = await call(who.outsider, 'POST', SLATE_PATHS.create, slateFormOf());
    expect([ruby.status, ruby.body.message]).toEqual([403, PLAN_MESSAGES.page]);
  });

  it('answers each form field with its spec message', async () => {
    const r = await call(who.admin, 'POST', SLATE_PATHS.create, { pageName: ' ', pageCaption: '', pageType: '', privacyCode: 9 });
    expect(r.status).toBe(400);
    expect(r.body.errors).toMatchObject({
      pageName: [CIRCLE_FORM_MESSAGES.slateName],
      pageCaption: [CIRCLE_FORM_MESSAGES.caption],
      pageType: [CIRCLE_FORM_MESSAGES.slateType],
      privacyCode: [CIRCLE_FORM_MESSAGES.privacy],
    });
    const unknownType = await call(who.admin, 'PUT', SLATE_PATHS.slate(open), slateFormOf({ pageType: 'P99999' }));
    expect([unknownType.status, unknownType.body.errors?.pageType]).toEqual([400, [CIRCLE_FORM_MESSAGES.slateType]]);
  });

  it('shows each role its standing; an unpublished slate is 404 to all but its admin', async () => {
    const standing: Record<Role, string> = { admin: 'owner', follower: 'following', asker: 'requested', outsider: 'none' };
    for (const role of Object.keys(standing) as Role[]) {
      const r = await call(who[role], 'GET', SLATE_PATHS.slate(open));
      expect([role, r.status, r.body.data?.followingStatus]).toEqual([role, 200, standing[role]]);
      const hidden = await call(who[role], 'GET', SLATE_PATHS.slate(unpublished));
      const expected = role === 'admin' ? [200, undefined] : [404, CIRCLE_MESSAGES.slateNotFound];
      expect([role, hidden.status, role === 'admin' ? undefined : hidden.body.message]).toEqual([role, ...expected]);
    }
  });

  it('refuses every admin call to the others: 403 to those who may read it, 404 to those who may not', async () => {
    const adminCalls: [string, string, unknown?][] = [
      ['PUT', SLATE_PATHS.slate(open), slateFormOf()],
      ['DELETE', SLATE_PATHS.slate(open)],
      ['GET', SLATE_PATHS.followerRequests(open)],
      ['POST', SLATE_PATHS.requestAccept(open, who.asker.userCode)],
      ['PUT', SLATE_PATHS.requestReject(open, who.asker.userCode)],
      ['POST', SLATE_PATHS.followerRemove(open, who.follower.userCode)],
      ['GET', SLATE_PATHS.report(open)],
      ['GET', SLATE_PATHS.privacy(open)],
      ['PUT', SLATE_PATHS.privacy(open), { featureCode: 'members', privacyCode: 2 }],
      ['PUT', SLATE_PATHS.privacyReset(open)],
    ];
    for (const role of ['follower', 'asker', 'outsider'] as Role[]) {
      for (const [method, path, body] of adminCalls) {
        expect([role, method, path, (await call(who[role], method, path, body)).status]).toEqual([role, method, path, 403]);
        const hidden = path.replace(open, unpublished);
        expect([role, method, hidden, (await call(who[role], method, hidden, body)).status]).toEqual([role, method, hidden, 404]);
      }
    }
    // Nothing changed.
    expect((await call(who.admin, 'GET', SLATE_PATHS.followerRequests(open))).body.totalRecords).toBe(1);
  });

  it("hides the followers by the slate's 'members' privacy (106, no rows, no count), never from followers and the admin", async () => {
    const slate = await create(who.admin, { pageName: 'Quiet Slate' });
    await call(who.follower, 'PUT', SLATE_PATHS.follow(slate));
    expect((await call(who.admin, 'PUT', SLATE_PATHS.privacy(slate), { featureCode: 'members', privacyCode: 2 })).status).toBe(201);
    const outsider = await call(who.outsider, 'GET', SLATE_PATHS.followers(slate));
    expect([outsider.status, outsider.body.accessCode, outsider.body.data, outsider.body.totalRecords]).toEqual([200, ACCESS_RESTRICTED, undefined, undefined]);
    // The admin's billionett sees them at 2; followers and the admin always.
    expect((await call(friend, 'GET', SLATE_PATHS.followers(slate))).body.totalRecords).toBe(1);
    expect((await call(who.follower, 'GET', SLATE_PATHS.followers(slate))).body.data[0].pageFollowerCode).toBe(who.follower.userCode);
    expect((await call(who.admin, 'GET', SLATE_PATHS.followers(slate))).body.totalRecords).toBe(1);
  });

  it('lets the admin answer an ask once; a repeat with one Idempotency-Key applies once with the same answer', async () => {
    const slate = await create(who.admin, { pageName: 'Ask Slate' });
    await call(who.admin, 'PUT', SLATE_PATHS.privacy(slate), { featureCode: 'requests', privacyCode: 3 });
    const asker = await s.signUpMember();
    const asked = await call(asker, 'PUT', SLATE_PATHS.follow(slate));
    expect([asked.status, asked.body.data.followingStatus]).toEqual([201, 'requested']);
    expect(codes(await call(asker, 'GET', SLATE_PATHS.requested))).toEqual([slate]);
    // The asker cannot accept their own ask.
    expect((await call(asker, 'POST', SLATE_PATHS.requestAccept(slate, asker.userCode))).status).toBe(403);
    const key = randomUUID();
    const first = await call(who.admin, 'POST', SLATE_PATHS.requestAccept(slate, asker.userCode), undefined, key);
    expect([first.status, first.body.data]).toEqual([201, { code: slate, userCode: asker.userCode, count: 1, requests: 0, invited: 0 }]);
    const again = await call(who.admin, 'POST', SLATE_PATHS.requestAccept(slate, asker.userCode), undefined, key);
    expect([again.status, again.body, again.headers.get('idempotent-replayed')]).toEqual([201, first.body, 'true']);
    expect((await call(who.admin, 'GET', SLATE_PATHS.followers(slate))).body.totalRecords).toBe(1);
    // Without the key it is a new request, and there is no ask left.
    expect((await call(who.admin, 'POST', SLATE_PATHS.requestAccept(slate, asker.userCode))).status).toBe(404);
    expect(codes(await call(asker, 'GET', SLATE_PATHS.following))).toEqual([slate]);
  });

  it('follows an open slate at once, unfollows it; Later stops suggesting it; the admin removes a follower', async () => {
    const slate = await create(who.admin, { pageName: 'AAA First Suggestion' });
    const reader = await s.signUpMember();
    expect(codes(await call(reader, 'GET', `${SLATE_PATHS.suggestions}?pageSize=100`))).toContain(slate);
    const followed = await call(reader, 'PUT', SLATE_PATHS.follow(slate));
    expect(followed.body.data).toMatchObject({ pageCode: slate, followingStatus: 'following', card: { followerCount: 1, followingStatus: 'following' } });
    expect(codes(await call(reader, 'GET', `${SLATE_PATHS.suggestions}?pageSize=100`))).not.toContain(slate);
    const left = await call(reader, 'PUT', SLATE_PATHS.unfollow(slate));
    expect([left.status, left.body.data.followingStatus]).toEqual([200, 'none']);
    expect((await call(reader, 'PUT', SLATE_PATHS.unfollow(slate))).status).toBe(404);
    expect((await call(reader, 'POST', SLATE_PATHS.later(slate))).status).toBe(200);
    expect(codes(await call(reader, 'GET', `${SLATE_PATHS.suggestions}?pageSize=100`))).not.toContain(slate);

    await call(reader, 'PUT', SLATE_PATHS.follow(slate));
    const removed = await call(who.admin, 'POST', SLATE_PATHS.followerRemove(slate, reader.userCode));
    expect([removed.status, removed.body.data.count]).toEqual([200, 0]);
    expect((await call(who.admin, 'PUT', SLATE_PATHS.follow(slate))).status).toBe(400);
  });

  it('pauses: 404 to followers, the admin still reads it and resumes it; reset puts every privacy back', async () => {
    const slate = await create(who.admin, { pageName: 'Paused Slate' });
    await call(who.follower, 'PUT', SLATE_PATHS.follow(slate));
    expect((await call(who.admin, 'PUT', SLATE_PATHS.slate(slate), slateFormOf({ pageName: 'Paused Slate', statusCode: 5 }))).body.data.statusCode).toBe(5);
    expect((await call(who.follower, 'GET', SLATE_PATHS.slate(slate))).status).toBe(404);
    expect((await call(who.admin, 'GET', SLATE_PATHS.slate(slate))).status).toBe(200);
    // Still in the follower's list, dimmed by the client.
    expect((await call(who.follower, 'GET', `${SLATE_PATHS.following}?pageSize=100`)).body.data.find((c: SlateCard) => c.pageCode === slate)?.statusCode).toBe(5);
    await call(who.admin, 'PUT', SLATE_PATHS.slate(slate), slateFormOf({ pageName: 'Paused Slate', statusCode: 9 }));
    expect((await call(who.follower, 'GET', SLATE_PATHS.slate(slate))).status).toBe(200);

    await call(who.admin, 'PUT', SLATE_PATHS.privacy(slate), { featureCode: 'entries', privacyCode: 3 });
    const reset = await call(who.admin, 'PUT', SLATE_PATHS.privacyReset(slate));
    expect(reset.body.data.map((f: { featureCode: string; privacyCode: number }) => [f.featureCode, f.privacyCode])).toEqual([
      ['entries', 1],
      ['members', 1],
      ['requests', 1],
    ]);
    expect((await call(who.admin, 'GET', SLATE_PATHS.report(slate))).body.data).toMatchObject({ total: 1, requests: 0, invited: 0 });
  });

  it("lists another member's slates under their 'slates' privacy, and removes a slate with its followers", async () => {
    const slate = await create(who.admin, { pageName: 'Listed Slate' });
    const seen = await call(who.outsider, 'GET', `${SLATE_PATHS.own}?friendCode=${who.admin.userCode}&pageSize=100`);
    expect(codes(seen)).toContain(slate);
    expect(codes(seen)).not.toContain(unpublished);
    await s.call('PUT', 'user/privacy-setting/', { token: who.admin.token, body: { featureCode: 'slates', privacyCode: 3 } });
    const hidden = await call(who.outsider, 'GET', `${SLATE_PATHS.own}?friendCode=${who.admin.userCode}`);
    expect([hidden.body.accessCode, hidden.body.data]).toEqual([ACCESS_RESTRICTED, undefined]);
    await s.call('PUT', 'user/privacy-setting/', { token: who.admin.token, body: { featureCode: 'slates', privacyCode: 1 } });

    const gone = await call(who.admin, 'DELETE', SLATE_PATHS.slate(slate));
    expect([gone.status, gone.body.data]).toEqual([200, { pageCode: slate }]);
    expect((await call(who.admin, 'GET', SLATE_PATHS.slate(slate))).status).toBe(404);
  });
});
