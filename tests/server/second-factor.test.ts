/**
 * Two-step sign-in on the server (issue 29): a secret to scan, confirmed by its first code
 * (recovery codes answered once); then a password sign-in answers a challenge, not a
 * session, and the challenge with a right code — good once — or a recovery code — good
 * once — answers the session; five wrong codes spend the challenge; off again with the password.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../src/contract/auth';
import { SECOND_FACTOR_PATHS, SECOND_FACTOR_TEXT } from '../../src/contract/second-factor';
import { dbTargets, startTestServer, TEST_PASSWORD, type TestMember, type TestServer } from '../support/server';

const codeAt = (secret: string, offsetS = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetS * 1000 });

describe.each(dbTargets())('two-step sign-in on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
  });
  afterAll(async () => {
    await s?.close();
  });

  const signIn = (m: TestMember) => s.call('POST', AUTH_PATHS.signIn, { body: { username: m.email, password: TEST_PASSWORD } });
  const second = (challenge: string, code: string) => s.call('POST', SECOND_FACTOR_PATHS.signIn, { body: { challenge, code } });

  async function turnOn(m: TestMember): Promise<{ secret: string; recoveryCodes: string[] }> {
    const begun = await s.call('POST', SECOND_FACTOR_PATHS.beginTotp, { token: m.token });
    expect(begun.status).toBe(200);
    const { secret, uri, qrSvg } = begun.body.data;
    expect(uri).toContain(`secret=${secret}`);
    expect(qrSvg).toContain('<svg');
    const wrong = await s.call('POST', SECOND_FACTOR_PATHS.confirmTotp, { token: m.token, body: { code: codeAt(secret, 300) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.code).toEqual([SECOND_FACTOR_TEXT.wrongCode]);
    const confirmed = await s.call('POST', SECOND_FACTOR_PATHS.confirmTotp, { token: m.token, body: { code: codeAt(secret) } });
    expect(confirmed.status).toBe(200);
    return { secret, recoveryCodes: confirmed.body.data.recoveryCodes };
  }

  it('turns on, then asks for a code after the password; a code and a recovery code are each good once', async () => {
    const m = await s.signUpMember();
    expect((await s.call('GET', SECOND_FACTOR_PATHS.state, { token: m.token })).body.data).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    const { secret, recoveryCodes } = await turnOn(m);
    expect(recoveryCodes).toHaveLength(10);
    expect((await s.call('GET', SECOND_FACTOR_PATHS.state, { token: m.token })).body.data).toEqual({ totp: true, passkeys: 0, recoveryCodesLeft: 10 });
    expect((await s.call('POST', SECOND_FACTOR_PATHS.beginTotp, { token: m.token })).status).toBe(409);

    const first = await signIn(m);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ secondFactor: 'totp', challenge: expect.any(String) });
    const { challenge } = first.body.data;
    // The challenge is no bearer token.
    expect((await s.call('GET', SECOND_FACTOR_PATHS.state, { token: challenge })).status).toBe(401);
    const wrong = await second(challenge, '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.code).toEqual([SECOND_FACTOR_TEXT.wrongCode]);
    // The confirming code's step is spent: the next step's code signs in.
    const next = codeAt(secret, 30);
    const passed = await second(challenge, next);
    expect(passed.status).toBe(200);
    expect(passed.body.data.accessToken).toEqual(expect.any(String));
    expect((await s.call('GET', SECOND_FACTOR_PATHS.state, { token: passed.body.data.accessToken })).status).toBe(200);
    // Spent: the challenge, and the code.
    expect((await second(challenge, next)).status).toBe(401);
    const again = (await signIn(m)).body.data.challenge as string;
    expect((await second(again, next)).status).toBe(400);

    const recovery = recoveryCodes[0]!;
    expect((await second(again, ` ${recovery.toUpperCase()} `)).status).toBe(200);
    const third = (await signIn(m)).body.data.challenge as string;
    expect((await second(third, recovery)).status).toBe(400);
    expect((await s.call('GET', SECOND_FACTOR_PATHS.state, { token: m.token })).body.data.recoveryCodesLeft).toBe(9);
  });

  it('spends a challenge after five wrong codes', async () => {
    const m = await s.signUpMember();
    await turnOn(m);
    const { challenge } = (await signIn(m)).body.data;
    for (let i = 0; i < 5; i += 1) expect((await second(challenge, '111111')).status).toBe(400);
    const gone = await second(challenge, '111111');
    expect(gone.status).toBe(401);
    expect(gone.body.message).toBe(SECOND_FACTOR_TEXT.challengeGone);
  });

  it('turns off with the password only; sign-in answers a session again', async () => {
    const m = await s.signUpMember();
    await turnOn(m);
    const wrong = await s.call('POST', SECOND_FACTOR_PATHS.off, { token: m.token, body: { password: 'Not#mine1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.password).toEqual([SECOND_FACTOR_TEXT.wrongPassword]);
    expect((await s.call('POST', SECOND_FACTOR_PATHS.off, { token: m.token, body: { password: TEST_PASSWORD } })).status).toBe(200);
    expect((await signIn(m)).body.data.accessToken).toEqual(expect.any(String));
  });

  it('answers 401 without a token and 400 for a malformed body', async () => {
    for (const path of [SECOND_FACTOR_PATHS.beginTotp, SECOND_FACTOR_PATHS.confirmTotp, SECOND_FACTOR_PATHS.off]) expect((await s.call('POST', path, { body: {} })).status).toBe(401);
    expect((await s.call('GET', SECOND_FACTOR_PATHS.state)).status).toBe(401);
    const m = await s.signUpMember();
    expect((await s.call('POST', SECOND_FACTOR_PATHS.confirmTotp, { token: m.token, body: { code: 'abc' } })).status).toBe(400);
    expect((await s.call('POST', SECOND_FACTOR_PATHS.signIn, { body: { challenge: 'x' } })).status).toBe(400);
  });
});
