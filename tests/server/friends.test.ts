/**
 * Billionetts between real members: request, accept, reject, remove, unfriend, a request
 * both ways, suggestions (ranking and exclusions), a visitor's read under privacy, search,
 * the report, and acting on someone else's request.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RESTRICTED } from '../../src/contract/codes';
import { FRIEND_PATHS as P } from '../../src/contract/friends';
import { MESSAGES } from '../../src/contract/rules';
import { users } from '../../src/server/db/schema/accounts';
import { setFeaturePrivacy } from '../../src/server/policy/privacy';
import { dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';

describe.each(dbTargets())('billionetts on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
  });
  afterAll(async () => {
    await s?.close();
  });

  const as = (m: TestMember) => ({
    get: (path: string) => s.call('GET', path, { token: m.token }),
    request: (o: TestMember, method = 'PUT') => s.call(method, P.suggestionAccept(o.userCode), { token: m.token }),
    dismiss: (o: TestMember, method = 'PUT') => s.call(method, P.suggestionReject(o.userCode), { token: m.token }),
    accept: (o: TestMember, key?: string) =>
      s.call('POST', P.requestAccept(o.userCode), { token: m.token, headers: key ? { 'Idempotency-Key': key } : {} }),
    reject: (o: TestMember) => s.call('POST', P.requestReject(o.userCode), { token: m.token }),
    remove: (o: TestMember) => s.call('DELETE', P.removeRequested(o.userCode), { token: m.token }),
    unfriend: (o: TestMember) => s.call('PUT', P.unfriend(o.userCode), { token: m.token }),
  });
  const codes = (r: { body: { data?: { userCode: string }[] } }) => (r.body.data ?? []).map((c) => c.userCode);
  const idOf = async (m: TestMember) => (await s.app.db.select({ id: users.id }).from(users).where(eq(users.userCode, m.userCode)))[0]!.id;

  it('the whole flow between three members', async () => {
    const [a, b, c] = [await s.signUpMember(), await s.signUpMember(), await s.signUpMember()];
    const sent = await as(a).request(b);
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ friendCode: b.userCode, relation: 'requestSent', card: { userCode: b.userCode, planName: 'Ruby', gender: 'Female' } });
    expect((await as(a).request(b)).status).toBe(200); // a repeated tap changes nothing
    const received = await as(b).get(P.requests);
    expect(received.body).toMatchObject({ code: 200, accessCode: 0, totalRecords: 1 });
    expect(codes(received)).toEqual([a.userCode]);
    expect(codes(await as(a).get(P.requested))).toEqual([b.userCode]);

    // Nobody but the receiver answers; nobody but the sender removes.
    expect((await as(c).accept(a)).status).toBe(404);
    const senderAccepts = await as(a).accept(b);
    expect(senderAccepts.status).toBe(403);
    expect(senderAccepts.body.message).toBe(MESSAGES.friendRequestNotReceiver);
    expect((await as(a).reject(b)).status).toBe(403);
    expect((await as(b).remove(a)).status).toBe(403);
    expect((await as(c).remove(b)).status).toBe(404);

    const accepted = await as(b).accept(a);
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.relation).toBe('friend');
    expect(codes(await as(a).get(P.friends))).toEqual([b.userCode]);
    expect(codes(await as(b).get(P.friends))).toEqual([a.userCode]);
    expect((await as(b).get(P.requests)).body.totalRecords).toBe(0);
    expect((await as(a).get(P.requested)).body.totalRecords).toBe(0);

    const again = await as(a).request(b);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MESSAGES.friendAlready);
    const self = await as(a).request(a);
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual({ friendCode: [MESSAGES.friendSelf] });

    // Reject: c asks a, a says no.
    expect((await as(c).request(a, 'POST')).status).toBe(201);
    const rejected = await as(a).reject(c);
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.relation).toBe('none');
    expect((await as(a).get(P.requests)).body.totalRecords).toBe(0);
    expect((await as(c).get(P.requested)).body.totalRecords).toBe(0);
    expect((await as(a).reject(c)).body.message).toBe(MESSAGES.friendRequestNotFound);

    // Remove: a asks c, then withdraws; answering the withdrawn request is a clear 404.
    expect((await as(a).request(c)).status).toBe(201);
    expect((await as(a).remove(c)).status).toBe(200);
    expect((await as(c).get(P.requests)).body.totalRecords).toBe(0);
    const late = await as(c).accept(a);
    expect(late.status).toBe(404);
    expect(late.body.message).toBe(MESSAGES.friendRequestNotFound);
    expect((await as(a).remove(c)).status).toBe(404);

    // A request both ways becomes a friendship.
    expect((await as(b).request(c)).status).toBe(201);
    const both = await as(c).request(b);
    expect(both.status).toBe(201);
    expect(both.body.data.relation).toBe('friend');
    expect(codes(await as(c).get(P.friends))).toEqual([b.userCode]);
    expect((await as(b).get(P.requested)).body.totalRecords).toBe(0);

    // Unfriend only one's own friendship.
    expect((await as(c).unfriend(a)).status).toBe(404);
    const gone = await as(a).unfriend(b);
    expect(gone.status).toBe(200);
    expect(gone.body.data.relation).toBe('none');
    expect((await as(a).get(P.friends)).body.totalRecords).toBe(0);
    expect(codes(await as(b).get(P.friends))).toEqual([c.userCode]);
    expect((await as(a).unfriend(b)).body.message).toBe(MESSAGES.friendNotFriends);
    expect((await as(a).request({ ...b, userCode: 'nobody-here' })).status).toBe(404);
  });

  it('an accept repeated with its Idempotency-Key answers the first answer', async () => {
    const [a, b] = [await s.signUpMember(), await s.signUpMember()];
    await as(a).request(b);
    const first = await as(b).accept(a, 'accept-1');
    expect(first.status).toBe(201);
    const repeat = await as(b).accept(a, 'accept-1');
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect((await as(b).get(P.friends)).body.totalRecords).toBe(1);
  });

  it('suggestions: friends of friends first, then profession, then location; never connected, requested or dismissed', async () => {
    const [p, q, x, r, sx, t, u, v] = await Promise.all(Array.from({ length: 8 }, () => s.signUpMember()));
    const place = async (m: TestMember, professionCode: string, locationName: string) =>
      s.app.db.update(users).set({ professionCode, locationName }).where(eq(users.userCode, m.userCode));
    await place(p!, 'P13', 'Testville, Nowhere');
    await place(t!, 'P13', 'Elsewhere');
    await place(u!, 'P01', 'Testville, Nowhere');
    const befriend = async (m: TestMember, o: TestMember) => {
      await as(m).request(o);
      expect((await as(o).accept(m)).status).toBe(201);
    };
    await befriend(p!, q!);
    await befriend(p!, x!);
    await befriend(q!, r!);
    await befriend(x!, r!);
    await befriend(q!, sx!);

    const list = await as(p!).get(P.suggestions);
    const order = codes(list);
    expect(order.slice(0, 4)).toEqual([r!.userCode, sx!.userCode, t!.userCode, u!.userCode]);
    expect(list.body.data[0].mutualFriends).toBe(2);
    expect(order).not.toContain(p!.userCode);
    expect(order).not.toContain(q!.userCode);
    expect(order).not.toContain(x!.userCode);
    expect(order).toContain(v!.userCode);
    expect(list.body.totalRecords).toBeGreaterThanOrEqual(order.length);
    expect(order.length).toBeLessThanOrEqual(10);

    expect((await as(p!).request(sx!)).status).toBe(201);
    expect((await as(p!).dismiss(r!)).status).toBe(200);
    expect((await as(p!).dismiss(t!, 'POST')).status).toBe(200);
    const after = codes(await as(p!).get(P.suggestions));
    expect(after.slice(0, 1)).toEqual([u!.userCode]);
    for (const gone of [r!, sx!, t!]) expect(after).not.toContain(gone.userCode);
    // The pending request hides p from the receiver's suggestions too.
    expect(codes(await as(sx!).get(`${P.suggestions}?pageSize=100`))).not.toContain(p!.userCode);

    const page2 = await as(p!).get(`${P.suggestions}?pageNo=999`);
    expect(page2.body.data).toEqual([]);
    expect(page2.body.totalRecords).toBe(list.body.totalRecords - 3);
  });

  it("a visitor reads another member's billionetts by their privacy (106 when hidden), search and report", async () => {
    const [owner, friend, visitor] = [await s.signUpMember(), await s.signUpMember(), await s.signUpMember()];
    await as(owner).request(friend);
    await as(friend).accept(owner);
    await s.app.db.update(users).set({ professionCode: 'P02', displayName: 'Grace Searchable' }).where(eq(users.userCode, friend.userCode));
    const read = (m: TestMember) => as(m).get(`${P.friends}?userCode=${owner.userCode}`);

    expect(codes(await read(visitor))).toEqual([friend.userCode]);
    await setFeaturePrivacy(s.app.db, await idOf(owner), 'billionetts', 2);
    const hidden = await read(visitor);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({ code: 200, message: expect.any(String), accessCode: ACCESS_RESTRICTED });
    expect(codes(await read(friend))).toEqual([friend.userCode]);
    await setFeaturePrivacy(s.app.db, await idOf(owner), 'billionetts', 3);
    expect((await read(friend)).body.accessCode).toBe(ACCESS_RESTRICTED);
    expect((await as(visitor).get(`${P.report}?userCode=${owner.userCode}`)).body.accessCode).toBe(ACCESS_RESTRICTED);
    expect((await as(visitor).get(`${P.search('grace')}?userCode=${owner.userCode}`)).body.accessCode).toBe(ACCESS_RESTRICTED);
    expect(codes(await as(owner).get(P.friends))).toEqual([friend.userCode]); // the owner always sees
    expect((await as(visitor).get(`${P.friends}?userCode=nobody-here`)).status).toBe(404);

    expect(codes(await as(owner).get(P.search('SEARCHable')))).toEqual([friend.userCode]);
    expect(codes(await as(owner).get(P.search('software')))).toEqual([friend.userCode]);
    expect((await as(owner).get(P.search('zz%'))).body.totalRecords).toBe(0);
    const short = await as(owner).get(P.search('g'));
    expect(short.status).toBe(400);
    expect(short.body.errors.keyWord).toEqual([MESSAGES.searchTooShort]);

    const report = await as(owner).get(P.report);
    expect(report.body).toMatchObject({ accessCode: 0, totalRecords: 1, data: [{ categoryCode: 'P02', categoryName: 'Software Engineer', count: 1 }] });
    const badPage = await as(owner).get(`${P.friends}?pageNo=0`);
    expect(badPage.status).toBe(400);
    expect(badPage.body.errors.pageNo).toBeDefined();
  });

  it('401 without a session', async () => {
    expect((await s.call('GET', P.friends)).status).toBe(401);
    expect((await s.call('PUT', P.suggestionAccept('x'))).status).toBe(401);
  });
});
