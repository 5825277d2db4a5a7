/**
 * One policy: every API route declares who may call it and how it writes (policy/rules.ts),
 * and plugins/policy.ts enforces the declarations in one place.
 * - The route table holds a rule for every API operation of the OpenAPI document (and the
 *   socket; /media and /basemap are files, outside the API); every POST/PUT/DELETE declares its write; the public routes are exactly
 *   those the authorization matrix lists.
 * - A route that declares no rule stops the server from starting.
 * - A route that declares `write: 'once'` but answers without idempotentWrite, or
 *   `owner: 'form.userCode'` without the form check, answers 500 instead of its answer.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupPolicy } from '../../src/server/plugins/policy';
import { operationsOf, PUBLIC_OPERATIONS } from '../support/openapi';
import { startTestServer, type TestServer } from '../support/server';

describe('declared route rules', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('has a rule for every operation; writes declare how they write', async () => {
    const rules = s.app.routeRules;
    const declared = new Set(rules.flatMap((r) => r.method.split(',').map((m) => `${m} ${r.url.replace(/:(\w+)/g, '{$1}')}`)));
    const operations = operationsOf((await s.call('GET', 'openapi.json')).body).filter((op) => op.path.startsWith('/api/v1/')).map((op) => `${op.method.toUpperCase()} ${op.path}`);
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.filter((op) => !declared.has(op))).toEqual([]);
    expect(rules.filter((r) => /POST|PUT|DELETE/.test(r.method) && !r.write)).toEqual([]);
    // The owner-only writes of a member's own suite, vault and picture are declared, not hand-checked.
    const owners = rules.filter((r) => typeof r.access === 'object' && 'owner' in r.access).map((r) => `${r.method} ${r.url}`);
    expect(owners).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/update/user/personal/:userCode',
        'POST /api/v1/create/user/work/:userCode',
        'POST /api/v1/user/crop/dp-image',
      ]),
    );
    // In the document's spelling ({token}, not :token), as PUBLIC_OPERATIONS writes them.
    const publicOnes = rules.filter((r) => r.access === 'anyone').map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    // The authorization matrix's public operations, the OpenAPI document and the telex socket (its login frame carries the token).
    expect(publicOnes.toSorted()).toEqual([...PUBLIC_OPERATIONS, 'GET /api/v1/openapi.json', 'GET /api/v1/chat/socket'].toSorted());
  });

  describe('a bare app with the policy', () => {
    let app: FastifyInstance;
    beforeAll(() => {
      app = Fastify();
      setupPolicy(app);
      // Stand-in for plugins/auth.ts: these requests come from a signed-in member.
      app.decorateRequest('member', null);
      app.addHook('onRequest', async (request) => {
        request.member = { id: 1, userCode: 'U1', roles: [], sessionId: null };
      });
    });
    afterAll(async () => {
      await app.close();
    });

    it('refuses a route that declares no access or no write rule', () => {
      expect(() => app.get('/api/v1/undeclared', async () => ({ ok: true }))).toThrow(/declares no access rule/);
      expect(() => app.post('/api/v1/unsaid', { config: { access: 'member' } }, async () => ({ ok: true }))).toThrow(/declares no write rule/);
    });

    it('answers 403 for another member on an owner rule, and 500 for a write outside its declared rule', async () => {
      app.put('/api/v1/mine/:userCode', { config: { access: { owner: 'params.userCode' }, write: { repeatable: 'test' } } }, async () => ({ ok: true }));
      app.post('/api/v1/sloppy', { config: { access: 'member', write: 'once' } }, async () => ({ ok: true }));
      app.post('/api/v1/form', { config: { access: { owner: 'form.userCode' }, write: { repeatable: 'test' } } }, async () => ({ ok: true }));
      expect((await app.inject({ method: 'PUT', url: '/api/v1/mine/U1' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'PUT', url: '/api/v1/mine/U2' })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: '/api/v1/sloppy' })).statusCode).toBe(500);
      expect((await app.inject({ method: 'POST', url: '/api/v1/form' })).statusCode).toBe(500);
    });
  });
});
