/**
 * POST /api/v1/batch (contract/batch.ts): queued writes in one request, each run through
 * the normal route stack — in order, authorized and validated per item, exactly once per
 * Idempotency-Key — stopping at the first item that is not 2xx.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MAX_ITEMS } from '../../src/contract/batch';
import { AUTH_PATHS } from '../../src/contract/auth';
import { USER_PATHS } from '../../src/contract/user';
import { users } from '../../src/server/db/schema/accounts';
import { idempotencyKeys } from '../../src/server/db/schema/idempotency';
import { dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';

describe.each(dbTargets())('batch on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
  });
  afterAll(async () => {
    await s?.close();
  });

  const aboutItem = (m: TestMember, about: string, key: string, userCode = m.userCode) => ({
    method: 'PUT' as const,
    path: USER_PATHS.updateAbout(userCode),
    body: { about },
    key,
  });
  const batch = (m: TestMember | null, items: unknown[]) =>
    s.call('POST', 'batch', { token: m?.token, body: { items } });
  const aboutInDb = async (userCode: string) =>
    (await s.app.db.select({ about: users.about }).from(users).where(eq(users.userCode, userCode)))[0]?.about;
  const keysOf = async (userCode: string) =>
    (await s.app.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.memberId, userCode)))[0]?.n;

  it('runs the items in order, each answered as if sent alone', async () => {
    const m = await s.signUpMember();
    const res = await batch(m, [aboutItem(m, 'one', 'k1'), aboutItem(m, 'two', 'k2'), aboutItem(m, 'three', 'k3')]);
    expect(res.status).toBe(200);
    const results = res.body.data.results as { status: number; body: { data: { about: string } }; replayed?: boolean }[];
    expect(results.map((r) => [r.status, r.body.data.about, r.replayed ?? false])).toEqual([
      [201, 'one', false],
      [201, 'two', false],
      [201, 'three', false],
    ]);
    expect(await aboutInDb(m.userCode)).toBe('three');
    // The same answer a lone request gets (the route's own envelope).
    const alone = await s.call('PUT', USER_PATHS.updateAbout(m.userCode), { token: m.token, body: { about: 'four' } });
    expect(Object.keys(alone.body).sort()).toEqual(Object.keys(results[0]!.body).sort());
  });

  it('a resent batch (its answer was lost) changes nothing and answers the first answers', async () => {
    const m = await s.signUpMember();
    const items = [aboutItem(m, 'first', 'lost-1'), aboutItem(m, 'second', 'lost-2')];
    const first = await batch(m, items);
    // Meanwhile another device writes; a second application of the batch would overwrite it.
    await s.call('PUT', USER_PATHS.updateAbout(m.userCode), { token: m.token, body: { about: 'from the laptop' } });
    const again = await batch(m, items);
    expect(again.status).toBe(200);
    expect(again.body.data.results.map((r: { replayed?: boolean }) => r.replayed)).toEqual([true, true]);
    expect(again.body.data.results.map((r: { body: unknown }) => r.body)).toEqual(
      first.body.data.results.map((r: { body: unknown }) => r.body),
    );
    expect(await aboutInDb(m.userCode)).toBe('from the laptop');
    expect(await keysOf(m.userCode)).toBe(2);
  });

  it('tells used keys from new ones item by item, the same key twice in one batch included', async () => {
    const m = await s.signUpMember();
    const first = await batch(m, [aboutItem(m, 'sent before', 'mix-1')]);
    // The batch looks up all its keys at once (idempotency.ts withUnusedKeysKnown): mix-1 is
    // used, mix-2 is new the first time and used the second.
    const res = await batch(m, [aboutItem(m, 'sent before', 'mix-1'), aboutItem(m, 'new', 'mix-2'), aboutItem(m, 'new', 'mix-2')]);
    const results = res.body.data.results as { status: number; body: { data: { about: string } }; replayed?: boolean }[];
    expect(results.map((r) => [r.status, r.body.data.about, r.replayed ?? false])).toEqual([
      [201, 'sent before', true],
      [201, 'new', false],
      [201, 'new', true],
    ]);
    expect(results[0]!.body).toEqual(first.body.data.results[0].body);
    // Other content under a key used earlier in the same batch is refused, as it would be alone.
    const reused = await batch(m, [aboutItem(m, 'third', 'mix-3'), aboutItem(m, 'not the same', 'mix-3')]);
    expect(reused.body.data.results.map((r: { status: number }) => r.status)).toEqual([201, 422]);
    expect(await aboutInDb(m.userCode)).toBe('third');
    expect(await keysOf(m.userCode)).toBe(3);
  });

  it('authorizes each item: a refused item stops the run, later items are not run', async () => {
    const m = await s.signUpMember();
    const other = await s.signUpMember();
    const alone = await s.call('PUT', USER_PATHS.updateAbout(other.userCode), { token: m.token, body: { about: 'x' } });
    expect(alone.status).toBeGreaterThanOrEqual(400);
    const res = await batch(m, [
      aboutItem(m, 'mine', 'a1'),
      aboutItem(m, 'not mine', 'a2', other.userCode),
      aboutItem(m, 'never run', 'a3'),
    ]);
    expect(res.status).toBe(200);
    const results = res.body.data.results;
    expect(results).toHaveLength(2);
    expect(results[0].status).toBe(201);
    // The refusal is the route's own: status and message as for a lone request.
    expect(results[1]).toMatchObject({ status: alone.status, body: { message: alone.body.message } });
    expect(await aboutInDb(m.userCode)).toBe('mine');
    expect(await aboutInDb(other.userCode)).not.toBe('not mine');
    // The refused key is free again (idempotency.ts rolls it back); the unrun one was never taken.
    expect(await keysOf(m.userCode)).toBe(1);
  });

  it('validates each item with its route: field errors come back on the item', async () => {
    const m = await s.signUpMember();
    const res = await batch(m, [{ method: 'PUT', path: USER_PATHS.updateAbout(m.userCode), body: { about: 42 }, key: 'v1' }]);
    expect(res.status).toBe(200);
    const alone = await s.call('PUT', USER_PATHS.updateAbout(m.userCode), { token: m.token, body: { about: 42 } });
    expect(alone.status).toBe(400);
    expect(res.body.data.results[0]).toEqual({ status: 400, body: alone.body });
    expect(Object.keys(alone.body.errors)).toEqual(['about']);
  });

  it('needs a session, and the session of each item is the batch’s', async () => {
    const m = await s.signUpMember();
    expect((await batch(null, [aboutItem(m, 'anon', 'n1')])).status).toBe(401);
    expect(await aboutInDb(m.userCode)).not.toBe('anon');
  });

  it('carries only a member’s writes: no public call, no nested batch, no read', async () => {
    const m = await s.signUpMember();
    const publicCall = await batch(m, [{ method: 'POST', path: AUTH_PATHS.signUp, body: {}, key: 'p1' }]);
    expect(publicCall.body.data.results[0]).toMatchObject({ status: 400, body: { message: expect.stringContaining('batch') } });
    const nested = await batch(m, [{ method: 'POST', path: 'batch', body: { items: [aboutItem(m, 'deep', 'd2')] }, key: 'd1' }]);
    expect(nested.body.data.results[0].status).toBe(400);
    expect(await aboutInDb(m.userCode)).not.toBe('deep');
    expect((await batch(m, [{ method: 'GET', path: USER_PATHS.profile(m.userCode), key: 'g1' }])).status).toBe(400);
    // Paths stay under /api/v1.
    expect((await batch(m, [{ ...aboutItem(m, 'up', 'u1'), path: '../../dev/writes.json' }])).status).toBe(400);
    expect((await batch(m, [{ ...aboutItem(m, 'abs', 'u2'), path: '/api/v1/x' }])).status).toBe(400);
  });

  it('refuses an empty batch and one over the limit as a whole', async () => {
    const m = await s.signUpMember();
    expect((await batch(m, [])).status).toBe(400);
    const many = Array.from({ length: BATCH_MAX_ITEMS + 1 }, (_, i) => aboutItem(m, `n${i}`, `many-${i}`));
    expect((await batch(m, many)).status).toBe(400);
    expect(await keysOf(m.userCode)).toBe(0);
  });

  it('a forged item marker from outside is ignored (it is a secret made at boot)', async () => {
    const m = await s.signUpMember();
    const res = await s.call('PUT', USER_PATHS.updateAbout(m.userCode), {
      token: m.token,
      body: { about: 'direct' },
      headers: { 'x-billionett-batch-item': 'guess' },
    });
    expect(res.status).toBe(201);
  });
});
