/**
 * GET chat/relay (issue 30): TURN credentials of the TURN REST scheme for members only — the
 * HMAC recomputes, the expiry is ahead, the username carries the member's code — and no ICE
 * servers at all without a relay configured (public STUN is never assumed).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_PATHS } from '../../src/contract/calls';
import { relayFromEnv } from '../../src/server/domain/calls/relay';
import { dbTargets, startTestServer, type TestServer } from '../support/server';

const SECRET = 'relay-test-secret-0123456789';
const URLS = ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349?transport=tcp'];

describe.each(dbTargets())('the calls relay on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let bare: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl, relay: { secret: SECRET, urls: URLS, ttlSeconds: 3600 } });
    bare = await startTestServer({});
  });
  afterAll(async () => {
    await s?.close();
    await bare?.close();
  });

  it('answers 401 without a session, and never to a made-up token', async () => {
    expect((await s.call('GET', CALL_PATHS.relay)).status).toBe(401);
    expect((await s.call('GET', CALL_PATHS.relay, { token: 'not-a-token' })).status).toBe(401);
  });

  it("hands a member credentials coturn can check: '<expiry>:<userCode>' and its HMAC-SHA1 under the shared secret", async () => {
    const m = await s.signUpMember();
    const before = Math.floor(Date.now() / 1000);
    const r = await s.call('GET', CALL_PATHS.relay, { token: m.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const { iceServers, ttl } = r.body.data as { iceServers: { urls: string[]; username: string; credential: string }[]; ttl: number };
    expect(ttl).toBe(3600);
    expect(iceServers).toHaveLength(1);
    const [server] = iceServers;
    expect(server!.urls).toEqual(URLS);
    const [expiry, code] = server!.username.split(':');
    expect(code).toBe(m.userCode);
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 3600);
    expect(Number(expiry)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    expect(server!.credential).toBe(createHmac('sha1', SECRET).update(server!.username).digest('base64'));
    expect(server!.credential).not.toBe(createHmac('sha1', 'another-secret').update(server!.username).digest('base64'));
  });

  it('answers no ICE servers without a relay: host candidates only, no public STUN assumed', async () => {
    const m = await bare.signUpMember();
    const r = await bare.call('GET', CALL_PATHS.relay, { token: m.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ iceServers: [], ttl: 0 });
  });
});

describe('relay configuration from the environment', () => {
  it('is off without TURN_URLS, and refuses URLs without a secret or of another scheme', () => {
    expect(relayFromEnv({})).toBeUndefined();
    expect(() => relayFromEnv({ TURN_URLS: 'turn:t.example.org:3478' })).toThrow(/TURN_SECRET/);
    expect(() => relayFromEnv({ TURN_URLS: 'http://t.example.org', TURN_SECRET: SECRET })).toThrow(/not a stun/);
    expect(() => relayFromEnv({ TURN_URLS: 'turn:t.example.org', TURN_SECRET: SECRET, TURN_TTL_SECONDS: '5' })).toThrow(/TURN_TTL_SECONDS/);
    expect(relayFromEnv({ TURN_URLS: ' turn:a:3478 , turns:a:5349 ', TURN_SECRET: SECRET })).toEqual({ secret: SECRET, urls: ['turn:a:3478', 'turns:a:5349'], ttlSeconds: 6 * 3600 });
  });
});
