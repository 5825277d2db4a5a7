/**
 * Sessions on the server (issue 29): a sign-in makes one; its access token is refused the
 * moment it ends (Checkout by its refresh token, from another device, a password reset);
 * a refresh token renews once, a racing repeat within the grace renews again, an older
 * one presented later ends the session; 'Where you're signed in' lists and ends only the
 * caller's; a sign-in from a new device makes a bulletin; a telex socket of an ended
 * session is closed 4401.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../src/contract/auth';
import { BULLETIN_PATHS } from '../../src/contract/bulletins';
import { CHAT_CLOSE, CHAT_PATHS } from '../../src/contract/chat';
import { CHANGE_PASSWORD_PATH, SESSION_PATHS, SESSION_TEXT } from '../../src/contract/sessions';
import { sessions } from '../../src/server/db/schema/sessions';
import { dbTargets, startTestServer, TEST_PASSWORD, type TestMember, type TestServer } from '../support/server';
import { TelexClient } from '../support/telex';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15';

type Signed = { token: string; refreshToken: string; sessionCode: string };

describe.each(dbTargets())('sessions on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
  });
  afterAll(async () => {
    await s?.close();
  });

  async function signIn(m: TestMember, userAgent = PHONE): Promise<Signed> {
    const answer = await s.call('POST', AUTH_PATHS.signIn, { body: { username: m.email, password: TEST_PASSWORD }, headers: { 'user-agent': userAgent } });
    expect(answer.status).toBe(200);
    const { accessToken, refreshToken, sessionCode } = answer.body.data;
    expect(typeof refreshToken).toBe('string');
    return { token: accessToken, refreshToken, sessionCode };
  }
  const list = (token: string) => s.call('GET', SESSION_PATHS.list, { token });
  const refresh = (refreshToken: string) => s.call('POST', AUTH_PATHS.refresh, { body: { refreshToken } });

  it('Checkout ends the session: its access token and its refresh token are refused at once', async () => {
    const m = await s.signUpMember();
    const a = await signIn(m);
    expect((await list(a.token)).status).toBe(200);
    expect((await s.call('POST', AUTH_PATHS.signOut, { body: { refreshToken: a.refreshToken } })).status).toBe(200);
    const after = await list(a.token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Please sign in again.');
    expect((await refresh(a.refreshToken)).status).toBe(401);
    // Again, or with a token that never was: the same quiet answer.
    expect((await s.call('POST', AUTH_PATHS.signOut, { body: { refreshToken: a.refreshToken } })).status).toBe(200);
    expect((await s.call('POST', AUTH_PATHS.signOut, { body: { refreshToken: 'nope.nothing' } })).status).toBe(200);
  });

  it('renews once per refresh token; a racing repeat within the grace renews again; an older one later ends the session', async () => {
    const m = await s.signUpMember();
    const a = await signIn(m);
    const first = await refresh(a.refreshToken);
    expect(first.status).toBe(200);
    const r1 = first.body.data as { accessToken: string; refreshToken: string; sessionCode: string };
    expect(r1.sessionCode).toBe(a.sessionCode);
    expect(r1.refreshToken).not.toBe(a.refreshToken);
    expect((await list(r1.accessToken)).status).toBe(200);
    // Two tabs renewing with the same token at once: the second still gets tokens.
    const racing = await refresh(a.refreshToken);
    expect(racing.status).toBe(200);
    const r2 = racing.body.data as { accessToken: string; refreshToken: string };
    // Past the grace, an older token than the last can only be a copy: the session ends.
    await s.app.db.update(sessions).set({ refreshedAt: sql`now() - interval '5 minutes'` }).where(eq(sessions.id, a.sessionCode));
    expect((await refresh(r1.refreshToken)).status).toBe(401);
    expect((await list(r2.accessToken)).status).toBe(401);
    expect((await refresh(r2.refreshToken)).status).toBe(401);
  });

  it("lists the caller's sessions, this one marked, and ends one or all the others — never another member's", async () => {
    const m = await s.signUpMember();
    const phone = await signIn(m, PHONE);
    const laptop = await signIn(m, LAPTOP);
    const third = await signIn(m, LAPTOP);
    const listed = await list(phone.token);
    expect(listed.status).toBe(200);
    const rows = listed.body.data.sessions as { sessionCode: string; device: string; current: boolean }[];
    expect(rows.find((r) => r.sessionCode === phone.sessionCode)).toMatchObject({ current: true, device: 'Chrome on Android' });
    expect(rows.find((r) => r.sessionCode === laptop.sessionCode)).toMatchObject({ current: false, device: 'Safari on macOS' });

    // Another member cannot end it, nor see it: not found alike.
    const other = await s.signUpMember();
    expect((await s.call('DELETE', SESSION_PATHS.end(laptop.sessionCode), { token: other.token })).status).toBe(404);
    expect(JSON.stringify((await list(other.token)).body)).not.toContain(laptop.sessionCode);
    expect((await list(laptop.token)).status).toBe(200);

    expect((await s.call('DELETE', SESSION_PATHS.end(laptop.sessionCode), { token: phone.token })).status).toBe(200);
    expect((await list(laptop.token)).status).toBe(401);
    expect((await s.call('DELETE', SESSION_PATHS.end(laptop.sessionCode), { token: phone.token })).status).toBe(404);

    const others = await s.call('POST', SESSION_PATHS.endOthers, { token: phone.token });
    expect(others.status).toBe(200);
    expect(others.body.data.ended).toBeGreaterThanOrEqual(1);
    expect((await list(third.token)).status).toBe(401);
    expect((await list(phone.token)).status).toBe(200);
  });

  it('answers 401 without a token and 400 with field errors for a malformed body', async () => {
    expect((await list('')).status).toBe(401);
    expect((await s.call('POST', SESSION_PATHS.endOthers)).status).toBe(401);
    const bad = await s.call('POST', AUTH_PATHS.refresh, { body: { refreshToken: 42 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.refreshToken).toBeDefined();
  });

  it('tells the member of a sign-in from a new device, not of the first nor of a known one', async () => {
    const m = await s.signUpMember();
    const unread = async (token: string) => {
      const page = await s.call('GET', `${BULLETIN_PATHS.list}?pageNo=1`, { token });
      return (page.body.data.bulletins as { kind: string; subjectName: string | null; url: string }[]).filter((b) => b.kind === 'newSignIn');
    };
    const phone = await signIn(m, PHONE);
    // signUpMember's own sign-in (node's fetch) was the first; this phone is new.
    await expect.poll(() => unread(phone.token)).toHaveLength(1);
    await signIn(m, PHONE);
    await signIn(m, LAPTOP);
    await expect.poll(() => unread(phone.token)).toHaveLength(2);
    const [latest] = await unread(phone.token);
    expect(latest).toMatchObject({ subjectName: 'Safari on macOS', url: '/settings/sessions' });
  });

  it('changes the password, offering to end the other sessions; a wrong current password is a field error', async () => {
    const m = await s.signUpMember();
    const phone = await signIn(m, PHONE);
    const laptop = await signIn(m, LAPTOP);
    const change = (token: string, body: object) => s.call('POST', CHANGE_PASSWORD_PATH, { token, body });

    const wrong = await change(phone.token, { currentPassword: 'Not#mine1', newPassword: 'N3w!password', endOthers: true });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.currentPassword).toEqual([SESSION_TEXT.wrongPassword]);
    expect((await change(phone.token, { currentPassword: TEST_PASSWORD, newPassword: 'short', endOthers: true })).status).toBe(400);

    // Keeping the others: they stay signed in.
    const kept = await change(phone.token, { currentPassword: TEST_PASSWORD, newPassword: 'N3w!password', endOthers: false });
    expect(kept.status).toBe(200);
    expect(kept.body.data.ended).toBe(0);
    expect((await list(laptop.token)).status).toBe(200);

    // Ending them: the laptop is out, this device goes on with the token it was given.
    const ended = await change(phone.token, { currentPassword: 'N3w!password', newPassword: 'N3w3r!password', endOthers: true });
    expect(ended.status).toBe(200);
    // The laptop's, and the sign-in signUpMember made.
    expect(ended.body.data.ended).toBe(2);
    expect((await list(laptop.token)).status).toBe(401);
    expect((await list(ended.body.data.accessToken)).status).toBe(200);
    const again = await s.call('POST', AUTH_PATHS.signIn, { body: { username: m.email, password: 'N3w3r!password' } });
    expect(again.status).toBe(200);
  });

  it('closes the telex socket of a session ended elsewhere with 4401', async () => {
    const m = await s.signUpMember();
    const phone = await signIn(m, PHONE);
    const laptop = await signIn(m, LAPTOP);
    const socket = await TelexClient.open(s.url, { userCode: m.userCode, token: laptop.token });
    expect((await s.call('DELETE', SESSION_PATHS.end(laptop.sessionCode), { token: phone.token })).status).toBe(200);
    expect((await socket.closed).code).toBe(CHAT_CLOSE.unauthorized);
    expect(CHAT_PATHS.socket).toBe('chat/socket');
  });
});
