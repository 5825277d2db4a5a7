/** The HTTP edges: health, 404, malformed JSON, body limit, OpenAPI, rate limits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract/rules';
import { dbTargets, startTestServer, type TestServer } from '../support/server';

describe.each(dbTargets())('http on $name', ({ name, databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('reports health and the database kind', async () => {
    const r = await s.call('GET', 'health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 200, message: 'ok', data: { db: name } });
  });

  it('answers unknown routes with a JSON 404', async () => {
    for (const path of ['no/such/call', 'user/a/b/c/d']) {
      const r = await s.call('GET', path);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ code: 404, message: 'Not found.' });
    }
    const outside = await fetch(`${s.url}/nothing-here`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual({ code: 404, message: 'Not found.' });
  });

  it('400 on malformed JSON, never 500', async () => {
    const r = await s.call('POST', 'auth/signIn', { rawBody: '{"username": ' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    const notObject = await s.call('POST', 'auth/signIn', { rawBody: '"just a string"' });
    expect(notObject.status).toBe(400);
    const wrongType = await s.call('POST', 'auth/signIn', { rawBody: 'username=x', headers: { 'content-type': 'text/plain' } });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.status).toBeLessThan(500);
    const query = await s.call('GET', `admin/news/live?category=${'x'.repeat(50)}`, { token: (await s.signUpMember()).token });
    expect(query.status).toBe(400);
    expect(query.body.errors.category).toBeDefined();
  });

  it('hostile input is a 4xx, never a 500', async () => {
    const m = await s.signUpMember();
    const answers = await Promise.all([
      s.call('POST', 'auth/signIn', { body: { username: 'a\u0000b@example.com', password: 'x\u0000' } }),
      s.call('PUT', `update/user/about/${m.userCode}`, { token: m.token, body: { about: 'nul \u0000 byte' } }),
      s.call('GET', 'user/%00abc', { token: m.token }),
      s.call('GET', `user/personal?friendCode=%00`, { token: m.token }),
      s.call('POST', 'auth/validateEmailId', { body: [] }),
      s.call('POST', 'auth/signUp', { body: null }),
      s.call('PUT', `update/user/personal/${m.userCode}`, { token: m.token, body: { privacyCode: '1' } }),
      s.call('GET', 'user/personal', { headers: { authorization: 'Bearer' } }),
    ]);
    for (const a of answers) {
      expect({ status: a.status, body: a.body }).toMatchObject({ status: expect.toSatisfy((n: number) => n >= 400 && n < 500) });
      expect(typeof a.body.message).toBe('string');
    }
  });

  it('413 over the 1 MB body limit', async () => {
    const r = await s.call('POST', 'auth/signIn', { body: { username: 'x', password: 'y'.repeat(1024 * 1024) } });
    expect(r.status).toBe(413);
    expect(r.body.code).toBe(413);
  });

  it('serves OpenAPI generated from the contract', async () => {
    const r = await s.call('GET', 'openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.paths['/api/v1/auth/signIn']).toBeDefined();
    expect(r.body.paths['/api/v1/auth/signIn'].post.requestBody).toBeDefined();
    expect(r.body.paths['/api/v1/user/{userCode}']).toBeDefined();
  });
});

describe('rate limits', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ rateLimit: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('signIn: 10 a minute per IP and login name, then 429', async () => {
    const attempt = (username: string) => s.call('POST', 'auth/signIn', { body: { username, password: 'Wrong#pass1' } });
    for (let i = 0; i < 10; i += 1) expect((await attempt('target@example.com')).status).toBe(401);
    const limited = await attempt('target@example.com');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 429, message: MESSAGES.rateLimited });
    // Another login name from the same IP is counted apart.
    expect((await attempt('other@example.com')).status).toBe(401);
  });

  it('requestResetPassword: 5 a minute per IP, then 429', async () => {
    const attempt = () => s.call('POST', 'auth/requestResetPassword', { body: { username: 'ghost@example.com' } });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).status).toBe(404);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(MESSAGES.rateLimited);
  });
});
