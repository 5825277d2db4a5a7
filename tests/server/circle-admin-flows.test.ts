/**
 * Circle flows end to end (spec §2.10, §4; contract/circle-admin.ts decisions): create →
 * invite a billionett → they accept; a stranger asks → the owner accepts; Later; leaving
 * and withdrawing; removing a member; invitations that answer an ask; a circle closed to
 * asks; pausing and resuming; the per-feature privacy and its reset; the chart; removal.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CIRCLE_FORM_MESSAGES, ORIGIN_FEATURE_NAMES } from '../../src/contract/circle-admin';
import { CIRCLE_PATHS, type CircleCard } from '../../src/contract/circles';
import { circleFormOf, createCircleAs, setCircleFeatures, setMemberTraits } from '../support/circles';
import { dbTargets, serverForSuite, type TestMember, type TestServer } from '../support/server';
import { befriend } from '../support/telex';

describe.each(dbTargets())('circle flows on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let owner: TestMember;
  let friend: TestMember;
  let friend2: TestMember;
  let stranger: TestMember;
  let other: TestMember;
  serverForSuite({ databaseUrl }, 5, (server, m) => ([s, owner, friend, friend2, stranger, other] = [server, m[0]!, m[1]!, m[2]!, m[3]!, m[4]!]));
  beforeAll(async () => {
    await befriend(s.api, owner, friend);
    await befriend(s.api, owner, friend2);
  });

  const call = (m: TestMember, method: string, path: string, body?: unknown) => s.call(method, path, { token: m.token, body });
  const codes = (r: { body: { data: CircleCard[] } }) => r.body.data.map((c) => c.groupCode);
  const userCodes = (r: { body: { data: { userCode: string }[] } }) => r.body.data.map((p) => p.userCode);

  it('invites a billionett who accepts, and lets a stranger ask and the owner accept', async () => {
    const code = await createCircleAs(s, owner, { groupName: 'Flow Circle' });
    await setCircleFeatures(s.app, code, { requests: 2 });
    const candidates = await call(owner, 'GET', CIRCLE_PATHS.inviteFriends(code));
    expect(new Set(userCodes(candidates))).toEqual(new Set([friend.userCode, friend2.userCode]));
    expect(candidates.body.totalRecords).toBe(2);

    const sent = await call(owner, 'POST', CIRCLE_PATHS.sendInvite(code, friend.userCode));
    expect([sent.status, sent.body.data]).toEqual([201, { code, userCode: friend.userCode, count: 1, requests: 0, invited: 1 }]);
    expect(userCodes(await call(owner, 'GET', CIRCLE_PATHS.invited(code)))).toEqual([friend.userCode]);
    expect(userCodes(await call(owner, 'GET', CIRCLE_PATHS.inviteFriends(code)))).toEqual([friend2.userCode]);
    expect(codes(await call(friend, 'GET', CIRCLE_PATHS.invitations))).toEqual([code]);
    const accepted = await call(friend, 'PUT', CIRCLE_PATHS.inviteAccept(code));
    expect(accepted.status).toBe(201);
    expect(accepted.body.data).toMatchObject({ groupCode: code, membership: 'member', card: { groupCode: code, memberCount: 2, membership: 'member' } });
    expect(codes(await call(friend, 'GET', CIRCLE_PATHS.invitations))).toEqual([]);
    expect(codes(await call(friend, 'GET', CIRCLE_PATHS.following))).toEqual([code]);

    // Not a billionett and 'requests' at 2: an ask, shown under Requested Circles.
    const asked = await call(stranger, 'PUT', CIRCLE_PATHS.suggestionAccept(code));
    expect([asked.status, asked.body.data.membership]).toEqual([201, 'requested']);
    expect(codes(await call(stranger, 'GET', CIRCLE_PATHS.requested))).toEqual([code]);
    const asks = await call(owner, 'GET', CIRCLE_PATHS.memberRequests(code));
    expect(asks.body).toMatchObject({ totalRecords: 1, data: [{ requestCode: stranger.userCode, userCode: stranger.userCode }] });
    // A member cannot answer it; the owner can, once.
    expect((await call(friend, 'POST', CIRCLE_PATHS.requestAccept(code, stranger.userCode))).status).toBe(403);
    const ok = await call(owner, 'POST', CIRCLE_PATHS.requestAccept(code, stranger.userCode));
    expect([ok.status, ok.body.data]).toEqual([201, { code, userCode: stranger.userCode, count: 3, requests: 0, invited: 0 }]);
    const twice = await call(owner, 'POST', CIRCLE_PATHS.requestAccept(code, stranger.userCode));
    expect([twice.status, twice.body.message]).toEqual([404, CIRCLE_FORM_MESSAGES.noRequest]);
    expect(codes(await call(stranger, 'GET', CIRCLE_PATHS.requested))).toEqual([]);
    const members = await call(other, 'GET', CIRCLE_PATHS.members(code));
    expect(members.body.data.map((m: { groupMemberCode: string }) => m.groupMemberCode)).toEqual([owner.userCode, friend.userCode, stranger.userCode]);
    // An invitation is never for an ask: accepting one needs one.
    expect((await call(owner, 'POST', CIRCLE_PATHS.requestAccept(code, friend2.userCode))).status).toBe(404);
  });

  it('rejects asks, withdraws invitations, and refuses invitations to non-billionetts', async () => {
    const code = await createCircleAs(s, owner, { groupName: 'Asks Circle' });
    await setCircleFeatures(s.app, code, { requests: 2 });
    expect((await call(stranger, 'PUT', CIRCLE_PATHS.suggestionAccept(code))).body.data.membership).toBe('requested');
    const rejected = await call(owner, 'PUT', CIRCLE_PATHS.requestReject(code, stranger.userCode));
    expect([rejected.status, rejected.body.data.requests]).toEqual([200, 0]);
    expect((await call(stranger, 'GET', CIRCLE_PATHS.circle(code))).body.data.membership).toBe('none');
    expect((await call(owner, 'PUT', CIRCLE_PATHS.requestReject(code, stranger.userCode))).status).toBe(404);

    const notFriend = await call(owner, 'POST', CIRCLE_PATHS.sendInvite(code, stranger.userCode));
    expect([notFriend.status, notFriend.body.message]).toEqual([403, CIRCLE_FORM_MESSAGES.notFriend]);
    expect((await call(owner, 'POST', CIRCLE_PATHS.sendInvite(code, 'nosuchmember'))).status).toBe(403);
    expect((await call(owner, 'POST', CIRCLE_PATHS.sendInvite(code, friend2.userCode))).body.data.invited).toBe(1);
    const again = await call(owner, 'POST', CIRCLE_PATHS.sendInvite(code, friend2.userCode));
    expect([again.status, again.body.data.invited]).toEqual([200, 1]);
    const cancelled = await call(owner, 'PUT', CIRCLE_PATHS.cancelInvite(code, friend2.userCode), { friendCode: friend2.userCode, groupCode: code });
    expect([cancelled.status, cancelled.body.data.invited]).toEqual([200, 0]);
    expect((await call(friend2, 'PUT', CIRCLE_PATHS.inviteAccept(code))).status).toBe(404);
    expect((await call(owner, 'PUT', CIRCLE_PATHS.cancelInvite(code, friend2.userCode))).status).toBe(404);

    // A billionett who asked first: the invitation makes them a member at once.
    await setCircleFeatures(s.app, code, { requests: 3 });
    const closed = await call(friend2, 'PUT', CIRCLE_PATHS.suggestionAccept(code));
    expect([closed.status, closed.body.message]).toEqual([403, CIRCLE_FORM_MESSAGES.closed]);
    await setCircleFeatures(s.app, code, { requests: 2 });
    // An ask left from before the owner befriended them (billionetts join at once otherwise).
    await s.app.db.execute(
      sql`insert into circle_requests (circle_id, user_id, kind) select c.id, u.id, 'join' from circles c, users u where c.group_code = ${code} and u.user_code = ${friend2.userCode}`,
    );
    const joined = await call(owner, 'POST', CIRCLE_PATHS.sendInvite(code, friend2.userCode));
    expect([joined.status, joined.body.data]).toEqual([201, { code, userCode: friend2.userCode, count: 2, requests: 0, invited: 0 }]);
    // The invited member declines with invite/reject, or with Later.
    expect((await call(owner, 'POST', CIRCLE_PATHS.sendInvite(code, friend.userCode))).body.data.invited).toBe(1);
    const declined = await call(friend, 'POST', CIRCLE_PATHS.inviteReject(code));
    expect([declined.status, declined.body.data.membership]).toEqual([200, 'none']);
    expect((await call(owner, 'POST', CIRCLE_PATHS.sendInvite(code, friend.userCode))).body.data.invited).toBe(1);
    const later = await call(friend, 'PUT', CIRCLE_PATHS.suggestionReject(code));
    expect([later.status, later.body.data.membership]).toEqual([200, 'none']);
    expect((await call(owner, 'GET', CIRCLE_PATHS.invited(code))).body.totalRecords).toBe(0);
  });

  it('says Later, leaves, withdraws an ask and removes members', async () => {
    const code = await createCircleAs(s, owner, { groupName: 'Zeta Leaving Circle' });
    const suggested = async (m: TestMember) => codes(await call(m, 'GET', `${CIRCLE_PATHS.suggestions}?pageSize=100`));
    expect(await suggested(other)).toContain(code);
    const later = await call(other, 'PUT', CIRCLE_PATHS.suggestionReject(code));
    expect([later.status, later.body.data]).toMatchObject([200, { membership: 'none', card: { groupCode: code } }]);
    expect(await suggested(other)).not.toContain(code);
    // Later hides a suggestion; following it still works, and leaving makes it suggestible again.
    expect((await call(other, 'PUT', CIRCLE_PATHS.suggestionAccept(code))).body.data.membership).toBe('member');
    const left = await call(other, 'PUT', CIRCLE_PATHS.unfollow(code));
    expect([left.status, left.body.data]).toMatchObject([200, { membership: 'none', card: { memberCount: 1, membership: 'none' } }]);
    expect(await suggested(other)).toContain(code);
    const notIn = await call(other, 'PUT', CIRCLE_PATHS.unfollow(code));
    expect([notIn.status, notIn.body.message]).toEqual([404, CIRCLE_FORM_MESSAGES.notMember]);

    await setCircleFeatures(s.app, code, { requests: 2 });
    expect((await call(stranger, 'PUT', CIRCLE_PATHS.suggestionAccept(code))).body.data.membership).toBe('requested');
    expect((await call(stranger, 'PUT', CIRCLE_PATHS.unfollow(code))).body.data.membership).toBe('none');
    expect((await call(owner, 'GET', CIRCLE_PATHS.memberRequests(code))).body.totalRecords).toBe(0);

    expect((await call(friend, 'PUT', CIRCLE_PATHS.suggestionAccept(code))).body.data.membership).toBe('member');
    const removed = await call(owner, 'PUT', CIRCLE_PATHS.memberRemove(code, friend.userCode));
    expect([removed.status, removed.body.data]).toEqual([200, { code, userCode: friend.userCode, count: 1, requests: 0, invited: 0 }]);
    expect((await call(friend, 'GET', CIRCLE_PATHS.circle(code))).body.data.membership).toBe('none');
    expect((await call(owner, 'PUT', CIRCLE_PATHS.memberRemove(code, friend.userCode))).status).toBe(404);
    const self = await call(owner, 'PUT', CIRCLE_PATHS.memberRemove(code, owner.userCode));
    expect([self.status, self.body.errors]).toEqual([400, { memberCode: [CIRCLE_FORM_MESSAGES.ownerStays] }]);
    // Leaving a private circle: the caller may no longer read it, so no card.
    const hidden = await createCircleAs(s, owner, { groupName: 'Leaving Hidden', privacyCode: 3 });
    await call(owner, 'POST', CIRCLE_PATHS.sendInvite(hidden, friend.userCode));
    await call(friend, 'PUT', CIRCLE_PATHS.inviteAccept(hidden));
    expect((await call(friend, 'PUT', CIRCLE_PATHS.unfollow(hidden))).body.data).toEqual({ groupCode: hidden, membership: 'none', card: null });
  });

  it('pauses a circle: 404 to its members, still read by its owner and listed dimmed; resumes', async () => {
    const code = await createCircleAs(s, owner, { groupName: 'Paused Circle' });
    await call(friend, 'PUT', CIRCLE_PATHS.suggestionAccept(code));
    const paused = await call(owner, 'PUT', CIRCLE_PATHS.circle(code), circleFormOf({ groupName: 'Paused Circle', statusCode: 5 }));
    expect([paused.status, paused.body.data.statusCode, paused.body.data.canPost]).toEqual([201, 5, false]);
    expect((await call(owner, 'GET', CIRCLE_PATHS.circle(code))).body.data).toMatchObject({ statusCode: 5, membership: 'owner' });
    expect((await call(friend, 'GET', CIRCLE_PATHS.circle(code))).status).toBe(404);
    expect((await call(friend, 'GET', CIRCLE_PATHS.members(code))).status).toBe(404);
    expect((await call(other, 'PUT', CIRCLE_PATHS.suggestionAccept(code))).status).toBe(404);
    const following = await call(friend, 'GET', CIRCLE_PATHS.following);
    expect(following.body.data.find((c: CircleCard) => c.groupCode === code)).toMatchObject({ statusCode: 5, membership: 'member' });
    expect((await call(owner, 'GET', `${CIRCLE_PATHS.own}?pageSize=100`)).body.data.find((c: CircleCard) => c.groupCode === code).statusCode).toBe(5);
    expect(codes(await call(other, 'GET', `${CIRCLE_PATHS.suggestions}?pageSize=100`))).not.toContain(code);
    const invite = await call(owner, 'POST', CIRCLE_PATHS.sendInvite(code, friend2.userCode));
    expect([invite.status, invite.body.message]).toEqual([403, CIRCLE_FORM_MESSAGES.paused]);
    // An update without a status keeps it; setting 9 resumes.
    expect((await call(owner, 'PUT', CIRCLE_PATHS.circle(code), circleFormOf({ groupName: 'Still Paused' }))).body.data.statusCode).toBe(5);
    expect((await call(owner, 'PUT', CIRCLE_PATHS.circle(code), circleFormOf({ groupName: 'Resumed', statusCode: 9 }))).body.data.statusCode).toBe(9);
    expect((await call(friend, 'GET', CIRCLE_PATHS.circle(code))).body.data).toMatchObject({ groupName: 'Resumed', membership: 'member', canPost: true });
  });

  it("sets, reads and resets the circle's privacy per feature, and charts its members", async () => {
    const code = await createCircleAs(s, owner, { groupName: 'Settings Circle' });
    const names = ORIGIN_FEATURE_NAMES.circle;
    const defaults = [
      { featureCode: 'entries', featureName: names.entries, privacyCode: 1, privacyName: 'Everyone' },
      { featureCode: 'members', featureName: names.members, privacyCode: 1, privacyName: 'Everyone' },
      { featureCode: 'requests', featureName: names.requests, privacyCode: 1, privacyName: 'Everyone' },
    ];
    expect((await call(owner, 'GET', CIRCLE_PATHS.privacy(code))).body.data).toEqual(defaults);
    const set = await call(owner, 'PUT', CIRCLE_PATHS.privacy(code), { featureCode: 'members', privacyCode: 3, privacyName: 'Only me' });
    expect(set.status).toBe(201);
    expect(set.body.data[1]).toEqual({ featureCode: 'members', featureName: names.members, privacyCode: 3, privacyName: 'Only me' });
    await call(owner, 'PUT', CIRCLE_PATHS.privacy(code), { featureCode: 'requests', privacyCode: 2 });
    expect((await call(owner, 'GET', CIRCLE_PATHS.privacy(code))).body.data.map((r: { privacyCode: number }) => r.privacyCode)).toEqual([1, 3, 2]);
    expect((await call(other, 'GET', CIRCLE_PATHS.members(code))).body.accessCode).toBe(106);
    expect((await call(other, 'PUT', CIRCLE_PATHS.suggestionAccept(code))).body.data.membership).toBe('requested');
    const bad = await call(owner, 'PUT', CIRCLE_PATHS.privacy(code), { featureCode: 'colour', privacyCode: 4 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['featureCode', 'privacyCode']);

    const reset = await call(owner, 'PUT', CIRCLE_PATHS.privacyReset(code));
    expect([reset.status, reset.body.data]).toEqual([201, defaults]);
    expect((await call(other, 'GET', CIRCLE_PATHS.members(code))).body.accessCode).toBe(0);

    await setMemberTraits(s.app, friend.userCode, { professionCode: 'P14' });
    await call(friend, 'PUT', CIRCLE_PATHS.suggestionAccept(code));
    const report = await call(owner, 'GET', CIRCLE_PATHS.report(code));
    expect(report.body.data).toMatchObject({ total: 2, requests: 1, invited: 0 });
    expect(report.body.data.byProfession.reduce((n: number, g: { count: number }) => n + g.count, 0)).toBe(2);
    expect(report.body.data.byProfession).toEqual([{ name: 'Physician', count: 1 }, { name: 'Others', count: 1 }]);
  });

  it('removes a circle: only its owner, and it leaves every list', async () => {
    const code = await createCircleAs(s, owner, { groupName: 'Doomed Circle' });
    await call(friend, 'PUT', CIRCLE_PATHS.suggestionAccept(code));
    expect((await call(friend, 'DELETE', CIRCLE_PATHS.circle(code))).status).toBe(403);
    const gone = await call(owner, 'DELETE', CIRCLE_PATHS.circle(code));
    expect([gone.status, gone.body.data]).toEqual([200, { groupCode: code }]);
    expect((await call(owner, 'GET', CIRCLE_PATHS.circle(code))).status).toBe(404);
    expect(codes(await call(friend, 'GET', `${CIRCLE_PATHS.following}?pageSize=100`))).not.toContain(code);
    expect(codes(await call(owner, 'GET', `${CIRCLE_PATHS.own}?pageSize=100`))).not.toContain(code);
    expect((await call(owner, 'DELETE', CIRCLE_PATHS.circle(code))).status).toBe(404);
  });
});
