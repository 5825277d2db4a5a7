/** Forgotten password: request, validate, reset; single use, one hour, mailed link. */
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract/rules';
import { resetTokens } from '../../src/server/db/schema/accounts';
import { devMail } from '../../src/server/db/schema/mail';
import { dbTargets, startTestServer, type TestServer } from '../support/server';

const NEW_PASSWORD = 'Brand#new42';

describe.each(dbTargets())('password reset on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    // The reset link is read from the dev mailbox's table, kept only with the dev tools on.
    s = await startTestServer({ databaseUrl, devTools: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Requests a reset for `login` and returns the token from the mailed link. */
  async function requestToken(login: string): Promise<string> {
    const r = await s.call('POST', 'auth/requestResetPassword', { body: { username: login } });
    expect(r.status).toBe(200);
    const [mail] = await s.app.db.select().from(devMail).where(eq(devMail.to, login)).orderBy(desc(devMail.id)).limit(1);
    const match = mail?.body.match(/http:\/\/app\.test\/reset-password\/([\w-]+)/);
    expect(match).toBeTruthy();
    return match![1]!;
  }

  it('mails a link, validates it, resets once, and the new password works', async () => {
    const m = await s.signUpMember();
    const token = await requestToken(m.email);
    const stored = await s.app.db.select().from(resetTokens);
    // Only the hash is kept.
    expect(stored.some((t) => t.tokenHash === token)).toBe(false);
    expect(stored.some((t) => t.tokenHash === createHash('sha256').update(token).digest('hex'))).toBe(true);

    expect((await s.call('POST', 'auth/validateResetPasswordToken', { body: { resetPasswordToken: token } })).status).toBe(200);
    const reset = await s.call('POST', 'auth/resetPassword', { body: { password: NEW_PASSWORD, resetPasswordToken: token } });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(MESSAGES.resetSuccess);

    expect((await s.call('POST', 'auth/signIn', { body: { username: m.email, password: m.password } })).status).toBe(401);
    expect((await s.call('POST', 'auth/signIn', { body: { username: m.email, password: NEW_PASSWORD } })).status).toBe(200);

    // Reused token.
    const again = await s.call('POST', 'auth/resetPassword', { body: { password: 'Other#pass99', resetPasswordToken: token } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 400, message: MESSAGES.resetExpired, errors: { resetPasswordToken: [MESSAGES.resetExpired] } });
    const check = await s.call('POST', 'auth/validateResetPasswordToken', { body: { resetPasswordToken: token } });
    expect(check.status).toBe(400);
    expect(check.body.message).toBe(MESSAGES.resetExpired);
  });

  it('refuses an expired token', async () => {
    const m = await s.signUpMember();
    const token = await requestToken(m.email);
    const hash = createHash('sha256').update(token).digest('hex');
    await s.app.db.update(resetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(resetTokens.tokenHash, hash));
    const check = await s.call('POST', 'auth/validateResetPasswordToken', { body: { resetPasswordToken: token } });
    expect(check.status).toBe(400);
    expect(check.body.message).toBe(MESSAGES.resetExpired);
    const reset = await s.call('POST', 'auth/resetPassword', { body: { password: NEW_PASSWORD, resetPasswordToken: token } });
    expect(reset.status).toBe(400);
    expect((await s.call('POST', 'auth/signIn', { body: { username: m.email, password: m.password } })).status).toBe(200);
  });

  it('sets the token to expire in one hour', async () => {
    const m = await s.signUpMember();
    const token = await requestToken(m.email);
    const hash = createHash('sha256').update(token).digest('hex');
    const [row] = await s.app.db.select().from(resetTokens).where(eq(resetTokens.tokenHash, hash));
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it('404 for an unknown account, 400 for empty input, 400 for unknown or weak tokens', async () => {
    const unknown = await s.call('POST', 'auth/requestResetPassword', { body: { username: 'ghost@example.com' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 404, message: MESSAGES.forgotNotFound });
    const empty = await s.call('POST', 'auth/requestResetPassword', { body: { username: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ username: [MESSAGES.forgotRequired] });
    const bogus = await s.call('POST', 'auth/validateResetPasswordToken', { body: { resetPasswordToken: 'bogus' } });
    expect(bogus.status).toBe(400);
    expect(bogus.body.errors.resetPasswordToken).toEqual([MESSAGES.resetExpired]);
    const weak = await s.call('POST', 'auth/resetPassword', { body: { password: 'weak', resetPasswordToken: 'bogus' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password).toEqual([MESSAGES.passwordInvalid]);
  });

  it('a reset ends existing sessions', async () => {
    const m = await s.signUpMember();
    // Tokens carry whole seconds; step past the second the session was issued in.
    await new Promise((r) => setTimeout(r, 1100));
    const token = await requestToken(m.email);
    await s.call('POST', 'auth/resetPassword', { body: { password: NEW_PASSWORD, resetPasswordToken: token } });
    expect((await s.call('GET', 'utilization/report', { token: m.token })).status).toBe(401);
  });
});
