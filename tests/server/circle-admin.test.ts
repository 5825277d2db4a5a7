/**
 * Running circles (spec/calls.md "Circles", spec §2.10, §4, §5 "Circle form", §6;
 * contract/circle-admin.ts): who may read and who may act — the owner / member / invited /
 * asker / outsider matrix of every call (403 for owner actions by others who may read the
 * circle, 404 for a private circle to an outsider, 106 for a members list its privacy
 * hides) — the form's messages, and a replay with one Idempotency-Key applying once.
 * The flows are in circle-admin-flows.test.ts, the lists and pictures in circle-admin-lists.test.ts.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CIRCLE_FORM_MESSAGES } from '../../src/contract/circle-admin';
import { CIRCLE_MESSAGES, CIRCLE_PATHS } from '../../src/contract/circles';
import { circleFormOf, createCircleAs, setCircleFeatures } from '../support/circles';
import { PLAN_MESSAGES } from '../../src/server/plugins/policy';
import { dbTargets, serverForSuite, type TestMember, type TestServer } from '../support/server';
import { befriend } from '../support/telex';

type Role = 'owner' | 'member' | 'invited' | 'asker' | 'outsider';
const ROLES: Role[] = ['owner', 'member', 'invited', 'asker', 'outsider'];

describe.each(dbTargets())('circle administration on $name', ({ databaseUrl }) => {
  let s: TestServer;
  const who = {} as Record<Role, TestMember>;
  serverForSuite({ databaseUrl }, 5, (server, members) => {
    s = server;
    ROLES.forEach((role, i) => (who[role] = members[i]!));
  });

  const call = (m: TestMember, method: string, path: string, body?: unknown, key?: string) =>
    s.call(method, path, { token: m.token, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
  const statusOf = async (m: TestMember, method: string, path: string, body?: unknown) => (await call(m, method, path, body)).status;

  /** `open`: Everyone, asks need the owner unless a billionett; `hidden`: Only me (private). */
  const circle = { open: '', hidden: '' };

  beforeAll(async () => {
    await befriend(s.api, who.owner, who.member);
    await befriend(s.api, who.owner, who.invited);
    circle.open = await createCircleAs(s, who.owner, { groupName: 'Open Matrix' });
    circle.hidden = await createCircleAs(s, who.owner, { groupName: 'Hidden Matrix', privacyCode: 3 });
    await setCircleFeatures(s.app, circle.open, { requests: 2 });
    // Open: the billionett joins at once, the other billionett is invited, a stranger asks.
    const standing = async (m: TestMember, method: string, path: string) => (await call(m, method, path)).body.data?.membership;
    assert.equal(await standing(who.member, 'PUT', CIRCLE_PATHS.suggestionAccept(circle.open)), 'member');
    assert.equal(await statusOf(who.owner, 'POST', CIRCLE_PATHS.sendInvite(circle.open, who.invited.userCode)), 201);
    assert.equal(await standing(who.asker, 'PUT', CIRCLE_PATHS.suggestionAccept(circle.open)), 'requested');
    // Hidden: only invitations get anyone in.
    assert.equal(await statusOf(who.member, 'PUT', CIRCLE_PATHS.suggestionAccept(circle.hidden)), 404);
    assert.equal(await statusOf(who.owner, 'POST', CIRCLE_PATHS.sendInvite(circle.hidden, who.member.userCode)), 201);
    assert.equal(await standing(who.member, 'PUT', CIRCLE_PATHS.inviteAccept(circle.hidden)), 'member');
    assert.equal(await statusOf(who.owner, 'POST', CIRCLE_PATHS.sendInvite(circle.hidden, who.invited.userCode)), 201);
  });

  it('shows each role its standing; a private circle is 404 to whoever is neither in it nor invited', async () => {
    const standing: Record<Role, string> = { owner: 'owner', member: 'member', invited: 'invited', asker: 'requested', outsider: 'none' };
    for (const role of ROLES) {
      const r = await call(who[role], 'GET', CIRCLE_PATHS.circle(circle.open));
      expect([role, r.status, r.body.data?.membership]).toEqual([role, 200, standing[role]]);
      expect((await call(who[role], 'GET', CIRCLE_PATHS.members(circle.open))).status).toBe(200);
    }
    for (const role of ROLES) {
      const hidden = await call(who[role], 'GET', CIRCLE_PATHS.circle(circle.hidden));
      const expected = role === 'asker' || role === 'outsider' ? [404, CIRCLE_MESSAGES.circleNotFound] : [200, 'ok'];
      expect([role, hidden.status, hidden.body.message]).toEqual([role, ...expected]);
      expect([role, await statusOf(who[role], 'GET', CIRCLE_PATHS.members(circle.hidden))]).toEqual([role, expected[0]]);
    }
    expect(await statusOf(who.outsider, 'GET', CIRCLE_PATHS.circle('GNOSUCHCODE'))).toBe(404);
  });

  /** Every owner-only call of `code`, with a body the owner could send. */
  const ownerCalls = (code: string): [string, string, unknown?][] => [
    ['GET', CIRCLE_PATHS.memberRequests(code)],
    ['GET', CIRCLE_PATHS.invited(code)],
    ['GET', CIRCLE_PATHS.inviteFriends(code)],
    ['GET', CIRCLE_PATHS.report(code)],
    ['GET', CIRCLE_PATHS.privacy(code)],
    ['PUT', CIRCLE_PATHS.circle(code), circleFormOf({ groupName: 'Taken over' })],
    ['DELETE', CIRCLE_PATHS.circle(code)],
    ['POST', CIRCLE_PATHS.requestAccept(code, who.asker.userCode)],
    ['PUT', CIRCLE_PATHS.requestReject(code, who.asker.userCode)],
    ['PUT', CIRCLE_PATHS.memberRemove(code, who.member.userCode)],
    ['POST', CIRCLE_PATHS.sendInvite(code, who.outsider.userCode)],
    ['PUT', CIRCLE_PATHS.cancelInvite(code, who.invited.userCode)],
    ['PUT', CIRCLE_PATHS.privacy(code), { featureCode: 'members', privacyCode: 3 }],
    ['PUT', CIRCLE_PATHS.privacyReset(code)],
  ];

  it('refuses every owner call to the others: 403 to those who may read the circle, 404 to those who may not', async () => {
    const wrong: string[] = [];
    for (const [code, hidden] of [[circle.open, false], [circle.hidden, true]] as const) {
      for (const role of ROLES.filter((r) => r !== 'owner')) {
        const expected = hidden && (role === 'asker' || role === 'outsider') ? 404 : 403;
        for (const [method, path, body] of ownerCalls(code)) {
          const r = await call(who[role], method, path, body, randomUUID());
          const message = expected === 403 ? CIRCLE_FORM_MESSAGES.ownerOnly : CIRCLE_MESSAGES.circleNotFound;
          if (r.status !== expected || r.body.message !== message) wrong.push(`${role} ${method} ${path}: ${r.status} ${r.body.message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Nothing changed: the owner still sees everyone where they were.
    const asks = await call(who.owner, 'GET', CIRCLE_PATHS.memberRequests(circle.open));
    expect(asks.body.data.map((r: { requestCode: string }) => r.requestCode)).toEqual([who.asker.userCode]);
    const invited = await call(who.owner, 'GET', CIRCLE_PATHS.invited(circle.open));
    expect(invited.body.data.map((r: { userCode: string }) => r.userCode)).toEqual([who.invited.userCode]);
    const details = await call(who.owner, 'GET', CIRCLE_PATHS.circle(circle.open));
    expect(details.body.data).toMatchObject({ groupName: 'Open Matrix', memberCount: 2, statusCode: 9 });
    // …and the owner may make every read.
    for (const [method, path] of ownerCalls(circle.open).filter(([m]) => m === 'GET')) expect([path, await statusOf(who.owner, method, path)]).toEqual([path, 200]);
  });

  it("lets only the invited member answer an invitation, and only a reader follow or say Later", async () => {
    for (const role of ['owner', 'member', 'asker', 'outsider'] as const) {
      for (const [method, path] of [['PUT', CIRCLE_PATHS.inviteAccept(circle.open)], ['POST', CIRCLE_PATHS.inviteReject(circle.open)]] as const) {
        const r = await call(who[role], method, path);
        expect([role, path, r.status, r.body.message]).toEqual([role, path, 404, CIRCLE_FORM_MESSAGES.noInvitation]);
      }
    }
    // The outsider cannot reach the private circle at all.
    for (const [method, path] of [
      ['PUT', CIRCLE_PATHS.suggestionAccept(circle.hidden)],
      ['PUT', CIRCLE_PATHS.suggestionReject(circle.hidden)],
      ['PUT', CIRCLE_PATHS.unfollow(circle.hidden)],
      ['PUT', CIRCLE_PATHS.inviteAccept(circle.hidden)],
      ['POST', CIRCLE_PATHS.inviteReject(circle.hidden)],
    ] as const) {
      expect([path, await statusOf(who.outsider, method, path)]).toEqual([path, 404]);
    }
    // Following again changes nothing.
    const again = await call(who.member, 'PUT', CIRCLE_PATHS.suggestionAccept(circle.open));
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ groupCode: circle.open, membership: 'member', card: { groupCode: circle.open, memberCount: 2 } });
    expect((await call(who.asker, 'PUT', CIRCLE_PATHS.suggestionAccept(circle.open))).body.data.membership).toBe('requested');
    const owner = await call(who.owner, 'PUT', CIRCLE_PATHS.unfollow(circle.open));
    expect(owner.status).toBe(400);
    expect(owner.body.message).toBe(CIRCLE_FORM_MESSAGES.ownerStays);
  });

  it("hides the members list by the circle's 'members' privacy (accessCode 106), never from members and the owner", async () => {
    /** 'hidden': 200 with accessCode 106 and neither rows nor a total. */
    const seen = async (role: Role) => {
      const { status, body } = await call(who[role], 'GET', CIRCLE_PATHS.members(circle.open));
      const hidden = status === 200 && body.accessCode === 106 && body.data === undefined && body.totalRecords === undefined;
      const shown = status === 200 && body.accessCode === 0 && Array.isArray(body.data);
      return hidden ? 'hidden' : shown ? 'shown' : `${status} ${JSON.stringify(body)}`;
    };
    await setCircleFeatures(s.app, circle.open, { members: 2 });
    // 2: members and the owner's billionetts (the invited member is one).
    expect(await Promise.all(ROLES.map(seen))).toEqual(['shown', 'shown', 'shown', 'hidden', 'hidden']);
    await setCircleFeatures(s.app, circle.open, { members: 3 });
    expect(await Promise.all(ROLES.map(seen))).toEqual(['shown', 'shown', 'hidden', 'hidden', 'hidden']);
    await setCircleFeatures(s.app, circle.open, { members: 1 });
    const list = await call(who.outsider, 'GET', CIRCLE_PATHS.members(circle.open));
    expect(list.body).toMatchObject({ code: 200, accessCode: 0, totalRecords: 2 });
    expect(list.body.data.map((m: { groupMemberCode: string; isOwner: boolean }) => [m.groupMemberCode, m.isOwner])).toEqual([
      [who.owner.userCode, true],
      [who.member.userCode, false],
    ]);
  });

  it('answers each form field with its spec message, on create and on update', async () => {
    const empty = { groupName: '', groupCaption: '  ', groupDescription: '', groupType: '', privacyCode: null };
    const expected = {
      groupName: [CIRCLE_FORM_MESSAGES.circleName],
      groupCaption: [CIRCLE_FORM_MESSAGES.caption],
      groupType: [CIRCLE_FORM_MESSAGES.circleType],
      privacyCode: [CIRCLE_FORM_MESSAGES.privacy],
    };
    for (const [method, path] of [['POST', CIRCLE_PATHS.create], ['PUT', CIRCLE_PATHS.circle(circle.open)]] as const) {
      const r = await call(who.owner, method, path, empty);
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual(expected);
      // A type that is no profession of the master list.
      const unknown = await call(who.owner, method, path, circleFormOf({ groupType: 'P999' }));
      expect([unknown.status, unknown.body.errors]).toEqual([400, { groupType: [CIRCLE_FORM_MESSAGES.circleType] }]);
      const privacy = await call(who.owner, method, path, circleFormOf({ privacyCode: 7 }));
      expect([privacy.status, privacy.body.errors]).toEqual([400, { privacyCode: [CIRCLE_FORM_MESSAGES.privacy] }]);
      const long = await call(who.owner, method, path, circleFormOf({ groupName: 'x'.repeat(81) }));
      expect([long.status, long.body.errors]).toEqual([400, { groupName: [CIRCLE_FORM_MESSAGES.tooLong(80)] }]);
      const status = await call(who.owner, method, path, circleFormOf({ statusCode: 3 }));
      expect(status.status).toBe(400);
    }
    expect((await call(who.owner, 'GET', CIRCLE_PATHS.circle(circle.open))).body.data.groupName).toBe('Open Matrix');
  });

  it('creates a circle: a G… code, the owner its first member, the category from the type', async () => {
    const r = await call(who.outsider, 'POST', CIRCLE_PATHS.create, circleFormOf({ groupName: 'Made Here', groupType: 'P14', groupCategoryCode: 'C02' }));
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      groupName: 'Made Here',
      groupType: 'P14',
      groupCategoryCode: 'C06',
      groupCategoryName: 'Health & Care',
      groupAdminCode: who.outsider.userCode,
      membership: 'owner',
      memberCount: 1,
      statusCode: 9,
      canPost: true,
      groupProfilePic: null,
    });
    expect(r.body.data.groupCode).toMatch(/^G[0-9A-HJKMNP-TV-Z]{9}$/);
    expect(r.body.data).not.toHaveProperty('id');
    const own = await call(who.outsider, 'GET', CIRCLE_PATHS.own);
    expect(own.body.data.map((c: { groupCode: string }) => c.groupCode)).toContain(r.body.data.groupCode);
    const members = await call(who.outsider, 'GET', CIRCLE_PATHS.members(r.body.data.groupCode));
    expect(members.body.data).toEqual([expect.objectContaining({ groupMemberCode: who.outsider.userCode, isOwner: true })]);
  });

  it("lets only a plan with circles create one (Emerald has none: 403, and nothing is made)", async () => {
    const emerald = await s.signUpMember({ planCode: 'emerald' });
    const r = await call(emerald, 'POST', CIRCLE_PATHS.create, circleFormOf({ groupName: 'Not on my plan' }));
    expect([r.status, r.body.message]).toEqual([403, PLAN_MESSAGES.group]);
    expect((await call(emerald, 'GET', CIRCLE_PATHS.own)).body.totalRecords).toBe(0);
  });

  it('applies a repeat with the same Idempotency-Key once, with the same answer', async () => {
    const key = randomUUID();
    const form = circleFormOf({ groupName: 'Once Only' });
    const first = await call(who.asker, 'POST', CIRCLE_PATHS.create, form, key);
    const again = await call(who.asker, 'POST', CIRCLE_PATHS.create, form, key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const own = await call(who.asker, 'GET', CIRCLE_PATHS.own);
    expect(own.body.data.filter((c: { groupName: string }) => c.groupName === 'Once Only')).toHaveLength(1);

    // One follow sent twice with one key: one membership, one answer.
    const code = await createCircleAs(s, who.owner, { groupName: 'Follow Once' });
    const followKey = randomUUID();
    const a = await call(who.outsider, 'PUT', CIRCLE_PATHS.suggestionAccept(code), undefined, followKey);
    const b = await call(who.outsider, 'PUT', CIRCLE_PATHS.suggestionAccept(code), undefined, followKey);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    expect(a.body.data).toMatchObject({ membership: 'member', card: { memberCount: 2 } });
    expect((await call(who.owner, 'GET', CIRCLE_PATHS.circle(code))).body.data.memberCount).toBe(2);
    // The same key on another call is refused, not replayed.
    expect((await call(who.outsider, 'PUT', CIRCLE_PATHS.unfollow(code), undefined, followKey)).status).toBe(422);

    // An owner's write too: one invitation, the same counts.
    const inviteKey = randomUUID();
    const i1 = await call(who.owner, 'POST', CIRCLE_PATHS.sendInvite(code, who.member.userCode), undefined, inviteKey);
    const i2 = await call(who.owner, 'POST', CIRCLE_PATHS.sendInvite(code, who.member.userCode), undefined, inviteKey);
    expect(i2.body).toEqual(i1.body);
    expect(i1.body.data).toEqual({ code, userCode: who.member.userCode, count: 2, requests: 0, invited: 1 });
  });
});
