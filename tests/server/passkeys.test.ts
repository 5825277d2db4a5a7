/**
 * Passkeys on the server (issue 29), through a software authenticator whose answers the
 * real verifier checks: added (recovery codes with the first second factor), named, listed
 * and removed by their member only; a sign-in with one alone answers a session, its
 * challenge good once; after a password, one of the member's own answers the second step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../src/contract/auth';
import { PASSKEY_PATHS, PASSKEY_TEXT } from '../../src/contract/passkeys';
import { SECOND_FACTOR_PATHS } from '../../src/contract/second-factor';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { dbTargets, startTestServer, TEST_PASSWORD, type TestMember, type TestServer } from '../support/server';

const ORIGIN = 'http://app.test';

describe.each(dbTargets())('passkeys on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl, publicUrl: ORIGIN });
  });
  afterAll(async () => {
    await s?.close();
  });

  async function addPasskey(m: TestMember, device = new SoftAuthenticator(ORIGIN)) {
    const options = await s.call('POST', PASSKEY_PATHS.registerOptions, { token: m.token });
    expect(options.status).toBe(200);
    expect(options.body.data.rp.id).toBe('app.test');
    const added = await s.call('POST', PASSKEY_PATHS.register, { token: m.token, body: { response: device.create(options.body.data) }, headers: { 'user-agent': CHROME } });
    expect(added.status).toBe(201);
    return { device, added: added.body.data as { passkeyCode: string; name: string; recoveryCodes: string[] } };
  }
  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

  async function signInWith(device: SoftAuthenticator, tamper?: (assertion: ReturnType<SoftAuthenticator['get']>) => void) {
    const options = await s.call('POST', PASSKEY_PATHS.signInOptions);
    expect(options.status).toBe(200);
    expect(options.body.data.userVerification).toBe('required');
    const response = device.get(options.body.data);
    tamper?.(response);
    return { answer: await s.call('POST', PASSKEY_PATHS.signIn, { body: { response, rememberMe: true } }), response };
  }

  it('adds a passkey (recovery codes with the first), signs in with it alone, its challenge good once', async () => {
    const m = await s.signUpMember();
    const { device, added } = await addPasskey(m);
    expect(added.name).toBe('Chrome on Linux');
    expect(added.recoveryCodes).toHaveLength(10);
    const list = await s.call('GET', PASSKEY_PATHS.list, { token: m.token });
    expect(list.body.data.passkeys).toEqual([{ passkeyCode: added.passkeyCode, name: 'Chrome on Linux', createdAt: expect.any(String), lastUsedAt: null, backedUp: false }]);
    expect((await s.call('GET', SECOND_FACTOR_PATHS.state, { token: m.token })).body.data).toEqual({ totp: false, passkeys: 1, recoveryCodesLeft: 10 });
    // A second passkey: no new recovery codes.
    const second = await addPasskey(m);
    expect(second.added.recoveryCodes).toEqual([]);

    const { answer, response } = await signInWith(device);
    expect(answer.status).toBe(200);
    expect(answer.body.data.id).toBe(m.userCode);
    expect(answer.body.data.refreshToken).toEqual(expect.any(String));
    expect((await s.call('GET', PASSKEY_PATHS.list, { token: answer.body.data.accessToken })).body.data.passkeys[1].lastUsedAt).toEqual(expect.any(String));
    // The same answer again: its challenge is spent.
    const replay = await s.call('POST', PASSKEY_PATHS.signIn, { body: { response } });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(PASSKEY_TEXT.refused);
  });

  it('refuses a passkey it does not know, a forged signature and another site', async () => {
    const m = await s.signUpMember();
    const { device } = await addPasskey(m);
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ challenge: 'never-sent', rp: { id: 'app.test' }, user: { id: 'bm9ib2R5' } });
    expect((await signInWith(stranger)).answer.status).toBe(401);
    const forged = await signInWith(device, (a) => {
      a.response.signature = Buffer.from('forged').toString('base64url');
    });
    expect(forged.answer.status).toBe(401);
    const phishing = new SoftAuthenticator('http://app.test.evil.example');
    phishing.credentials.push(...device.credentials);
    expect((await signInWith(phishing)).answer.status).toBe(401);
    expect((await signInWith(device)).answer.status).toBe(200);
  });

  it('after the password, the member owes a passkey (or a recovery code); another member\'s passkey does not answer', async () => {
    const [m, other] = [await s.signUpMember(), await s.signUpMember()];
    const { device, added } = await addPasskey(m);
    const { device: otherDevice } = await addPasskey(other);
    const first = await s.call('POST', AUTH_PATHS.signIn, { body: { username: m.email, password: TEST_PASSWORD } });
    expect(first.status).toBe(200);
    const { secondFactor, challenge, passkey } = first.body.data;
    expect(secondFactor).toBe('passkey');
    expect(passkey.challenge).toBe(challenge);
    expect(passkey.allowCredentials).toEqual([{ id: device.credentials[0]!.id.toString('base64url'), type: 'public-key', transports: ['internal'] }]);

    const foreign = await s.call('POST', SECOND_FACTOR_PATHS.signIn, { body: { challenge, passkey: otherDevice.get({ ...passkey, allowCredentials: [] }) } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(PASSKEY_TEXT.refused);
    const passed = await s.call('POST', SECOND_FACTOR_PATHS.signIn, { body: { challenge, passkey: device.get(passkey) } });
    expect(passed.status).toBe(200);
    expect(passed.body.data.id).toBe(m.userCode);

    const again = (await s.call('POST', AUTH_PATHS.signIn, { body: { username: m.email, password: TEST_PASSWORD } })).body.data.challenge;
    expect((await s.call('POST', SECOND_FACTOR_PATHS.signIn, { body: { challenge: again, code: added.recoveryCodes[0] } })).status).toBe(200);
  });

  it('names and removes only the member\'s own; the last one gone, the recovery codes go and the password alone signs in', async () => {
    const [m, other] = [await s.signUpMember(), await s.signUpMember()];
    const { added } = await addPasskey(m);
    const one = PASSKEY_PATHS.one(added.passkeyCode);
    expect((await s.call('PATCH', one, { token: other.token, body: { name: 'Mine now' } })).status).toBe(404);
    expect((await s.call('DELETE', one, { token: other.token })).status).toBe(404);
    const empty = await s.call('PATCH', one, { token: m.token, body: { name: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.name).toEqual(['Enter a name.']);
    expect((await s.call('PATCH', one, { token: m.token, body: { name: 'Work laptop' } })).status).toBe(200);
    expect((await s.call('GET', PASSKEY_PATHS.list, { token: m.token })).body.data.passkeys[0].name).toBe('Work laptop');

    expect((await s.call('DELETE', one, { token: m.token })).status).toBe(200);
    expect((await s.call('DELETE', one, { token: m.token })).status).toBe(404);
    expect((await s.call('GET', SECOND_FACTOR_PATHS.state, { token: m.token })).body.data).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    const plain = await s.call('POST', AUTH_PATHS.signIn, { body: { username: m.email, password: TEST_PASSWORD } });
    expect(plain.body.data.accessToken).toEqual(expect.any(String));
  });

  it("refuses a registration made for another member's challenge, a bad answer, and no token", async () => {
    const [m, other] = [await s.signUpMember(), await s.signUpMember()];
    const options = await s.call('POST', PASSKEY_PATHS.registerOptions, { token: m.token });
    const response = new SoftAuthenticator(ORIGIN).create(options.body.data);
    const stolen = await s.call('POST', PASSKEY_PATHS.register, { token: other.token, body: { response } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(PASSKEY_TEXT.refused);
    // Spent by the refused try: the member starts again.
    expect((await s.call('POST', PASSKEY_PATHS.register, { token: m.token, body: { response } })).status).toBe(400);
    const garbage = await s.call('POST', PASSKEY_PATHS.register, { token: m.token, body: { response: { id: 'x' } } });
    expect(garbage.status).toBe(400);
    expect(Object.keys(garbage.body.errors ?? {})).not.toHaveLength(0);
    expect((await s.call('POST', PASSKEY_PATHS.registerOptions)).status).toBe(401);
    expect((await s.call('GET', PASSKEY_PATHS.list)).status).toBe(401);
    expect((await s.call('GET', PASSKEY_PATHS.list, { token: other.token })).body.data.passkeys).toEqual([]);
  });
});
