/** Exactly-once writes: a repeated Idempotency-Key changes nothing and answers the first answer. */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIRCLE_PATHS } from '../../src/contract/circles';
import { users } from '../../src/server/db/schema/accounts';
import { idempotencyKeys } from '../../src/server/db/schema/idempotency';
import { dbTargets, startTestServer, type TestServer } from '../support/server';
import { befriend } from '../support/telex';

describe.each(dbTargets())('idempotency on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
  });
  afterAll(async () => {
    await s?.close();
  });

  const about = (s2: TestServer, userCode: string, token: string, text: string, key?: string) =>
    s2.call('PUT', `update/user/about/${userCode}`, {
      token,
      body: { about: text },
      headers: key ? { 'Idempotency-Key': key } : {},
    });

  it('a repeat answers the first answer and changes nothing', async () => {
    const m = await s.signUpMember();
    const first = await about(s, m.userCode, m.token, 'first text', 'key-1');
    expect(first.status).toBe(201);
    expect(first.body.data.about).toBe('first text');
    const repeat = await about(s, m.userCode, m.token, 'first text', 'key-1');
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    // The same key with other content is refused, not answered with the first answer.
    const changed = await about(s, m.userCode, m.token, 'second text', 'key-1');
    expect(changed.status).toBe(422);
    expect(changed.body.message).toBe('This Idempotency-Key was already used with other content.');
    const [row] = await s.app.db.select({ about: users.about }).from(users).where(eq(users.userCode, m.userCode));
    expect(row?.about).toBe('first text');
    // Another key is another write.
    expect((await about(s, m.userCode, m.token, 'third text', 'key-2')).body.data.about).toBe('third text');
  });

  it('keys are per member', async () => {
    const a = await s.signUpMember();
    const b = await s.signUpMember();
    expect((await about(s, a.userCode, a.token, 'from a', 'shared')).status).toBe(201);
    const other = await about(s, b.userCode, b.token, 'from b', 'shared');
    expect(other.body.data.about).toBe('from b');
  });

  it('two concurrent requests with one key make one change and the same answer', async () => {
    const code = await s.mintActivationCode();
    const body = {
      emailId: `race.${Date.now()}@example.com`,
      mobileNo: '',
      firstName: 'Race',
      lastName: 'Condition',
      displayName: 'Racer',
      password: 'Race#cond1',
      dateOfBirth: '',
      gender: 'other',
      planCode: 'ruby',
      activationCode: code,
    };
    const send = () => s.call('POST', 'auth/signUp', { body, headers: { 'Idempotency-Key': 'race-key' } });
    const [one, two] = await Promise.all([send(), send()]);
    expect(one.status).toBe(201);
    expect(two.status).toBe(201);
    expect(two.body).toEqual(one.body);
    const [row] = await s.app.db.select({ n: count() }).from(users).where(eq(users.email, body.emailId));
    expect(row?.n).toBe(1);
  });

  it('concurrent about updates with one key store one answer', async () => {
    const m = await s.signUpMember();
    const answers = await Promise.all(['x', 'x', 'x'].map((t) => about(s, m.userCode, m.token, t, 'burst')));
    const bodies = answers.map((a) => JSON.stringify(a.body));
    expect(new Set(bodies).size).toBe(1);
    const [row] = await s.app.db.select({ about: users.about }).from(users).where(eq(users.userCode, m.userCode));
    expect(row?.about).toBe(answers[0]!.body.data.about);
  });

  it('a refused write frees the key for a corrected retry', async () => {
    const m = await s.signUpMember();
    const key = 'fix-me';
    const bad = await s.call('PUT', `update/user/personal/${m.userCode}`, {
      token: m.token,
      headers: { 'Idempotency-Key': key },
      body: { firstName: 'A', lastName: 'B', displayName: 'C', professionCode: 'NOPE' },
    });
    expect(bad.status).toBe(400);
    const rows = await s.app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.memberId, m.userCode), eq(idempotencyKeys.key, key)));
    expect(rows).toHaveLength(0);
    const good = await s.call('PUT', `update/user/personal/${m.userCode}`, {
      token: m.token,
      headers: { 'Idempotency-Key': key },
      body: { firstName: 'A', lastName: 'B', displayName: 'C', professionCode: 'P01' },
    });
    expect(good.status).toBe(201);
  });

  it('refuses an over-long key and a key reused on another call', async () => {
    const m = await s.signUpMember();
    const long = await about(s, m.userCode, m.token, 'x', 'k'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.errors['Idempotency-Key']).toBeDefined();
    await about(s, m.userCode, m.token, 'x', 'reused');
    const other = await s.call('PUT', `update/user/personal/${m.userCode}`, {
      token: m.token,
      headers: { 'Idempotency-Key': 'reused' },
      body: { privacyCode: 2 },
    });
    expect(other.status).toBe(422);
  });

  it('a replay answers the first answer even when the write took away what its access rule checks', async () => {
    const owner = await s.signUpMember();
    const member = await s.signUpMember();
    const keyed = (m: { token: string }, method: string, path: string, key: string, body?: unknown) =>
      s.call(method, path, { token: m.token, body, headers: { 'Idempotency-Key': key } });
    const made = await keyed(owner, 'POST', CIRCLE_PATHS.create, 'make', { groupName: 'Replay circle', groupCaption: 'c', groupType: 'P02', privacyCode: 3 });
    const code = made.body.data.groupCode as string;
    // Joining a private circle by invitation, then leaving it: the member may no longer read it.
    await befriend(s.api, owner, member);
    expect((await s.call('POST', CIRCLE_PATHS.sendInvite(code, member.userCode), { token: owner.token })).status).toBe(201);
    expect((await keyed(member, 'PUT', CIRCLE_PATHS.inviteAccept(code), 'join')).status).toBe(201);
    const left = await keyed(member, 'PUT', CIRCLE_PATHS.unfollow(code), 'leave');
    expect(left.status).toBe(200);
    const leftAgain = await keyed(member, 'PUT', CIRCLE_PATHS.unfollow(code), 'leave');
    expect([leftAgain.status, leftAgain.body, leftAgain.headers.get('idempotent-replayed')]).toEqual([200, left.body, 'true']);
    // The owner deletes it; the outbox's retry of the same delete is the same success, not a 404.
    const gone = await keyed(owner, 'DELETE', CIRCLE_PATHS.circle(code), 'delete');
    expect(gone.status).toBe(200);
    const goneAgain = await keyed(owner, 'DELETE', CIRCLE_PATHS.circle(code), 'delete');
    expect([goneAgain.status, goneAgain.body]).toEqual([200, gone.body]);
    // Without the key it is what it is now: not found.
    expect((await s.call('DELETE', CIRCLE_PATHS.circle(code), { token: owner.token })).status).toBe(404);
  });
});
