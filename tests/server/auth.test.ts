/** Sign-in, sign-up and the existence checks, on every database target. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract/rules';
import { activationCodes, users } from '../../src/server/db/schema/accounts';
import { sessions } from '../../src/server/db/schema/sessions';
import { signClaims } from '../../src/server/domain/auth/tokens';
import { dbTargets, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server';

const signUpBody = (over: Record<string, unknown> = {}) => ({
  emailId: `new.${Math.random().toString(36).slice(2, 8)}@example.com`,
  mobileNo: '',
  firstName: 'Ada',
  lastName: 'Lovelace',
  displayName: 'Ada L',
  password: 'Analytic#1843',
  dateOfBirth: '1990-12-10',
  gender: 'female',
  planCode: 'ruby',
  activationCode: 'missing',
  ...over,
});

describe.each(dbTargets())('auth on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('signIn', () => {
    it('answers the session for e-mail and password', async () => {
      const m = await s.signUpMember();
      const r = await s.call('POST', 'auth/signIn', { body: { username: m.email.toUpperCase(), password: TEST_PASSWORD } });
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(200);
      expect(r.body.data).toMatchObject({ tokenType: 'Bearer', id: m.userCode, email: m.email, roles: ['member'], username: m.email });
      // An access token lives minutes; the session lives on through its refresh token.
      const lifetime = r.body.data.expiresAt - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(15 * 60 - 60);
      expect(lifetime).toBeLessThanOrEqual(15 * 60 + 1);
      expect(r.body.data.refreshToken).toMatch(/^[\w-]+\.[\w-]{40,}$/);
      expect(r.body.data.sessionCode).toBe(r.body.data.refreshToken.split('.')[0]);
    });

    it("keeps a day's session without rememberMe, 30 days with it", async () => {
      const m = await s.signUpMember();
      const expiry = async (rememberMe: boolean) => {
        const r = await s.call('POST', 'auth/signIn', { body: { username: m.email, password: m.password, rememberMe } });
        const [row] = await s.app.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, r.body.data.sessionCode));
        return (row!.expiresAt.getTime() - Date.now()) / 1000;
      };
      expect(await expiry(false)).toBeGreaterThan(86_400 - 60);
      expect(await expiry(false)).toBeLessThanOrEqual(86_400 + 1);
      expect(await expiry(true)).toBeGreaterThan(29 * 86_400);
    });

    it('signs in by mobile number', async () => {
      const mobile = `9${Date.now().toString().slice(-9)}`;
      const m = await s.signUpMember({ emailId: '', mobileNo: mobile });
      const r = await s.call('POST', 'auth/signIn', { body: { username: mobile, password: m.password, mobileNo: mobile } });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id: m.userCode, email: '', username: mobile });
    });

    it('refuses a wrong password and an unknown account with the same answer', async () => {
      const m = await s.signUpMember();
      const wrong = await s.call('POST', 'auth/signIn', { body: { username: m.email, password: 'Wrong#pass1' } });
      const unknown = await s.call('POST', 'auth/signIn', { body: { username: 'nobody@example.com', password: 'Wrong#pass1' } });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ code: 401, message: MESSAGES.loginFailed });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
    });

    it('names the missing fields', async () => {
      const r = await s.call('POST', 'auth/signIn', { body: { username: '', password: '' } });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(MESSAGES.loginUsernameRequired);
      expect(r.body.errors).toEqual({ username: [MESSAGES.loginUsernameRequired], password: [MESSAGES.loginPasswordRequired] });
    });
  });

  describe('signUp', () => {
    it('creates the member and consumes the activation code', async () => {
      const code = await s.mintActivationCode('sapphire');
      const body = signUpBody({ planCode: 'sapphire', activationCode: code });
      const r = await s.call('POST', 'auth/signUp', { body });
      expect(r.status).toBe(201);
      expect(r.body.data.userCode).toMatch(/^[a-z0-9]{14}$/);
      const [row] = await s.app.db.select().from(users).where(eq(users.userCode, r.body.data.userCode));
      expect(row).toMatchObject({ email: body.emailId, gender: 'Female', planCode: 'sapphire', dateOfBirth: '1990-12-10' });
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      const [used] = await s.app.db.select().from(activationCodes).where(eq(activationCodes.code, code));
      expect(used?.usedBy).toBe(row?.id);
      expect(used?.usedAt).toBeInstanceOf(Date);
      const signIn = await s.call('POST', 'auth/signIn', { body: { username: body.emailId, password: body.password } });
      expect(signIn.status).toBe(200);
    });

    it('refuses a used activation code', async () => {
      const code = await s.mintActivationCode();
      await s.signUpMember({ activationCode: code });
      const r = await s.call('POST', 'auth/signUp', { body: signUpBody({ activationCode: code }) });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual({ activationCode: [MESSAGES.activationCodeInvalid] });
    });

    it('refuses an unknown code and a code of another plan, creating nobody', async () => {
      const unknown = await s.call('POST', 'auth/signUp', { body: signUpBody({ activationCode: 'NOPE' }) });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors.activationCode).toEqual([MESSAGES.activationCodeInvalid]);
      const emeraldCode = await s.mintActivationCode('emerald');
      const body = signUpBody({ planCode: 'sapphire', activationCode: emeraldCode });
      const other = await s.call('POST', 'auth/signUp', { body });
      expect(other.status).toBe(400);
      expect(other.body.errors.activationCode).toEqual([MESSAGES.activationCodeOtherPlan]);
      expect(await s.app.db.select().from(users).where(eq(users.email, body.emailId))).toHaveLength(0);
    });

    it('refuses an e-mail or mobile already registered (409) and keeps the code unused', async () => {
      const m = await s.signUpMember();
      const code = await s.mintActivationCode();
      const r = await s.call('POST', 'auth/signUp', { body: signUpBody({ emailId: m.email, activationCode: code }) });
      expect(r.status).toBe(409);
      expect(r.body).toEqual({ code: 409, message: MESSAGES.usernameExists });
      const [row] = await s.app.db.select().from(activationCodes).where(eq(activationCodes.code, code));
      expect(row?.usedAt).toBeNull();
    });

    it.each([
      ['password', { password: 'short' }, MESSAGES.passwordInvalid],
      ['password', { password: 'NoDigitsHere!' }, MESSAGES.passwordInvalid],
      ['emailId', { emailId: 'not-an-email' }, MESSAGES.usernameInvalid],
      ['emailId', { emailId: '', mobileNo: '' }, MESSAGES.usernameRequired],
      ['mobileNo', { emailId: '', mobileNo: '12ab' }, MESSAGES.usernameInvalid],
      ['lastName', { lastName: '' }, MESSAGES.lastNameRequired],
      ['displayName', { displayName: '  ' }, MESSAGES.displayNameRequired],
      ['gender', { gender: 'robot' }, MESSAGES.genderRequired],
      ['planCode', { planCode: 'gold' }, MESSAGES.planRequired],
      ['activationCode', { activationCode: '' }, MESSAGES.activationCodeRequired],
      ['dateOfBirth', { dateOfBirth: '2020-01-01' }, MESSAGES.tooYoung],
    ])('400 on bad %s', async (field, over, message) => {
      const r = await s.call('POST', 'auth/signUp', { body: signUpBody(over) });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(400);
      expect(r.body.errors[field]).toContain(message);
      expect(r.body.message).toBe(Object.values(r.body.errors as Record<string, string[]>)[0]?.[0]);
    });

    it('says which fields are missing', async () => {
      const r = await s.call('POST', 'auth/signUp', { body: { emailId: 'a@example.com' } });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.errors)).toEqual(expect.arrayContaining(['lastName', 'password', 'planCode', 'activationCode']));
    });
  });

  describe('validateEmailId / validateMobileNo', () => {
    it('answers "101" for a taken e-mail and "100" for a free one', async () => {
      const m = await s.signUpMember();
      const taken = await s.call('POST', 'auth/validateEmailId', { body: { emailId: m.email } });
      expect(taken.status).toBe(200);
      expect(taken.body.data).toEqual({ code: '101', message: MESSAGES.usernameExists });
      const free = await s.call('POST', 'auth/validateEmailId', { body: { emailId: 'free.one@example.com' } });
      expect(free.body.data.code).toBe('100');
    });

    it('answers for mobiles too', async () => {
      const mobile = `8${Date.now().toString().slice(-9)}`;
      await s.signUpMember({ emailId: '', mobileNo: mobile });
      expect((await s.call('POST', 'auth/validateMobileNo', { body: { mobileNo: mobile } })).body.data.code).toBe('101');
      expect((await s.call('POST', 'auth/validateMobileNo', { body: { mobileNo: '123456789' } })).body.data.code).toBe('100');
    });

    it('400 on malformed values', async () => {
      const email = await s.call('POST', 'auth/validateEmailId', { body: { emailId: 'nope' } });
      expect(email.status).toBe(400);
      expect(email.body.errors.emailId).toEqual([MESSAGES.usernameInvalid]);
      const mobile = await s.call('POST', 'auth/validateMobileNo', { body: {} });
      expect(mobile.status).toBe(400);
      expect(mobile.body.errors.mobileNo).toBeDefined();
    });
  });

  it('lists the active plans in order, ruby in the middle', async () => {
    const r = await s.call('GET', 'admin/plan/active');
    expect(r.status).toBe(200);
    expect(r.body.data.map((p: { planCode: string }) => p.planCode)).toEqual(['emerald', 'ruby', 'sapphire']);
    expect(r.body.data[1].planFeatures).toEqual(expect.arrayContaining([{ featureName: 'Circles', featureValue: 'Yes' }]));
  });

  describe('bearer tokens verified once (plugins/auth.ts verifiedTokens)', () => {
    const feed = 'user/posts/all?pageNo=1&pageSize=5';

    it("never takes a token another app's secret signed, even after it verified once here", async () => {
      const m = await s.signUpMember();
      expect((await s.call('GET', feed, { token: m.token })).status).toBe(200);
      const other = await startTestServer({ databaseUrl });
      try {
        const theirs = await other.signUpMember();
        expect((await other.call('GET', feed, { token: theirs.token })).status).toBe(200);
        expect((await s.call('GET', feed, { token: theirs.token })).status).toBe(401);
        expect((await other.call('GET', feed, { token: m.token })).status).toBe(401);
      } finally {
        await other.close();
      }
    });

    it('refuses a remembered token once it has expired', async () => {
      const m = await s.signUpMember();
      const now = Math.floor(Date.now() / 1000);
      const short = await signClaims(s.app.db, { sub: m.userCode, roles: ['member'], username: m.email, iat: now, exp: now + 2 });
      expect((await s.call('GET', feed, { token: short })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2100));
      expect((await s.call('GET', feed, { token: short })).status).toBe(401);
    });
  });
});
