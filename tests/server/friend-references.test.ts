/**
 * Reference candidates (send, validation, duplicate contact, notify count, remove, owner-only)
 * and the seeded billionett graph the demo logins see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS } from '../../src/contract/chat';
import { FRIEND_PATHS as P } from '../../src/contract/friends';
import { MESSAGES } from '../../src/contract/rules';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';
import { dbTargets, serverForSuite, startTestServer, type TestMember, type TestServer } from '../support/server';

describe.each(dbTargets())('references on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let owner: TestMember;
  let other: TestMember;
  serverForSuite({ databaseUrl }, 2, (server, [a, b]) => ([s, owner, other] = [server, a!, b!]));

  const send = (m: TestMember, body: Record<string, unknown>) => s.call('POST', P.referenceSend, { token: m.token, body });
  const valid = (email: string) => ({ name: 'Noor Haddad', email, userCode: owner.userCode, professioncode: 'P05', activationCode: '' });

  it('sends, lists, notifies (counting) and removes a reference', async () => {
    const sent = await send(owner, valid('Noor.Haddad@Example.com'));
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(MESSAGES.referenceSentText);
    const row = sent.body.data;
    expect(row).toEqual({
      refCode: expect.any(String),
      refName: 'Noor Haddad',
      professionCode: 'P05',
      professionName: 'UX Designer',
      notified: 0,
      requestAgain: 'Yes',
      refCandidateProfile: null,
    });
    expect((await send(owner, valid('5550100131'))).status).toBe(201);
    const list = await s.call('GET', P.references, { token: owner.token });
    expect(list.body).toMatchObject({ code: 200, accessCode: 0, totalRecords: 2 });
    expect((await s.call('GET', P.references, { token: other.token })).body.totalRecords).toBe(0);

    const notify = () => s.call('PUT', P.referenceNotify(row.refCode), { token: owner.token });
    expect((await notify()).body.data.notified).toBe(1);
    expect((await notify()).body.data.notified).toBe(2);
    // Someone else's reference is not found, for notify and for remove.
    expect((await s.call('PUT', P.referenceNotify(row.refCode), { token: other.token })).status).toBe(404);
    expect((await s.call('DELETE', P.referenceDelete(row.refCode), { token: other.token })).status).toBe(404);

    const removed = await s.call('DELETE', P.referenceDelete(row.refCode), { token: owner.token });
    expect(removed.status).toBe(200);
    expect((await s.call('GET', P.references, { token: owner.token })).body.totalRecords).toBe(1);
    expect((await notify()).status).toBe(404);
  });

  it("answers the spec's duplicate message when the contact belongs to a member", async () => {
    const taken = await send(owner, valid(other.email.toUpperCase()));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MESSAGES.usernameExists);
    expect(taken.body.errors).toEqual({ email: [MESSAGES.usernameExists] });
    expect((await send(owner, valid('twice@example.com'))).status).toBe(201);
    const twice = await send(owner, valid('TWICE@example.com'));
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(MESSAGES.referenceAlreadySent);
  });

  it('a candidate who joins shows as a member card and cannot be notified again', async () => {
    const sent = await send(owner, valid('joiner@example.com'));
    await s.signUpMember({ emailId: 'joiner@example.com', displayName: 'The Joiner' });
    const list = await s.call('GET', `${P.references}?pageSize=50`, { token: owner.token });
    const row = list.body.data.find((r: { refCode: string }) => r.refCode === sent.body.data.refCode);
    expect(row.requestAgain).toBe('No');
    expect(row.refCandidateProfile).toMatchObject({ displayName: 'The Joiner', planName: 'Ruby' });
    const again = await s.call('PUT', P.referenceNotify(row.refCode), { token: owner.token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MESSAGES.referenceJoined);
  });

  it("refuses bad input with the spec's messages per field", async () => {
    const empty = await send(owner, { name: ' ', email: '', userCode: owner.userCode, professioncode: '', activationCode: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      name: [MESSAGES.referrerNameRequired],
      email: [MESSAGES.usernameRequired],
      professioncode: [MESSAGES.professionRequired],
    });
    const invalid = await send(owner, { ...valid('not-an-address'), email: 'not-an-address' });
    expect(invalid.body.errors).toEqual({ email: [MESSAGES.usernameInvalid] });
    const unknownProfession = await send(owner, { ...valid('x1@example.com'), professioncode: 'ZZZ' });
    expect(unknownProfession.status).toBe(400);
    expect(unknownProfession.body.errors).toEqual({ professioncode: [MESSAGES.professionRequired] });
    const missing = await send(owner, {});
    expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'name', 'professioncode']);
    const asSomeoneElse = await send(owner, { ...valid('x2@example.com'), userCode: other.userCode });
    expect(asSomeoneElse.status).toBe(403);
  });
});

describe('the seeded billionett graph (pglite)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  const signIn = async (email: string, password: string) =>
    (await s.call('POST', 'auth/signIn', { body: { username: email, password } })).body.data as { id: string; accessToken: string };

  it('makes the demo logins billionetts with a recent telex history both ways, and gives both live panels', async () => {
    const [amara, jonas] = [await signIn(DEMO_LOGINS[0]!.email, DEMO_LOGINS[0]!.password), await signIn(DEMO_LOGINS[1]!.email, DEMO_LOGINS[1]!.password)];
    for (const [me, them] of [
      [amara, jonas],
      [jonas, amara],
    ] as const) {
      const get = (path: string) => s.call('GET', path, { token: me.accessToken });
      const friends = await get(`${P.friends}?pageSize=100`);
      expect(friends.body.totalRecords).toBeGreaterThanOrEqual(5);
      expect(friends.body.totalRecords).toBeLessThanOrEqual(40);
      // A newcomer trying telex between the two logins can: they are billionetts.
      expect(friends.body.data.map((c: { userCode: string }) => c.userCode)).toContain(them.id);
      const received = await get(`${P.requests}?pageSize=100`);
      const sent = await get(`${P.requested}?pageSize=100`);
      expect(received.body.totalRecords).toBe(4);
      expect(sent.body.totalRecords).toBe(3);
      for (const list of [received, sent]) expect(list.body.data.map((c: { userCode: string }) => c.userCode)).not.toContain(them.id);
      const references = await get(P.references);
      expect(references.body.totalRecords).toBe(3);
      expect(references.body.data.filter((r: { requestAgain: string }) => r.requestAgain === 'No')).toHaveLength(1);
      const suggestions = (await get(`${P.suggestions}?pageSize=100`)).body.data as { userCode: string }[];
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.map((c) => c.userCode)).not.toContain(them.id);
      const report = await get(P.report);
      expect(report.body.data.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(friends.body.totalRecords);

      // Their conversation: a few messages each way, all in the last few days, all read.
      const conversation = await get(`${CHAT_PATHS.conversation(them.id)}?pageNo=1&pageSize=50`);
      expect(conversation.status).toBe(200);
      const messages = conversation.body.data.chatHistory as { sender: string; body: string; time: string; status: string }[];
      expect(messages.filter((m) => m.sender === me.id).length).toBeGreaterThanOrEqual(3);
      expect(messages.filter((m) => m.sender === them.id).length).toBeGreaterThanOrEqual(3);
      const times = messages.map((m) => Date.parse(m.time));
      expect(times).toEqual(times.toSorted((x, y) => y - x));
      for (const t of times) {
        expect(t).toBeLessThan(Date.now());
        expect(t).toBeGreaterThan(Date.now() - 7 * 86_400_000);
      }
      const history = await get(CHAT_PATHS.history);
      expect(history.body.data.chatHistory[0]).toMatchObject({ userCode: them.id, unread: 0 });
    }
  });
});
