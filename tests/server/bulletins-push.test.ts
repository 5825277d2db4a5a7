/**
 * Web Push of bulletins (issue 16) against a push service on 127.0.0.1 that checks the
 * VAPID signature and decrypts each payload itself (tests/support/push-service.ts):
 * every device of the member gets each bulletin once, with the badge count and the route;
 * 404/410 forget the device; a failing push is retried; a restart mid-queue loses nothing
 * and sends nothing twice; two processes sharing the database (and Redis) send each once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuid } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULLETIN_PATHS as B } from '../../src/contract/bulletins';
import { ENTRY_PATHS as P } from '../../src/contract/entries';
import { pushSubscriptions } from '../../src/server/db/schema/bulletins';
import { claimJobs } from '../../src/server/push/queue';
import { PushService, type Device } from '../support/push-service';
import { createDatabase, dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';
import { befriend } from '../support/telex';

const REDIS_URL = process.env.REDIS_URL;

const subscribe = (s: TestServer, m: TestMember, d: Device) => s.call('PUT', B.subscription, { token: m.token, body: d.subscription });
/** An entry of `author` and a comment on it by `by`: one bulletin for `author`. */
async function commentOn(s: TestServer, author: TestMember, by: TestMember, post?: string): Promise<string> {
  const code = post ?? uuid();
  const made = post ? 201 : (await s.call('POST', P.create, { token: author.token, body: { userPostCode: code, featureCode: 5, postDescription: 'Hi' } })).status;
  expect(made).toBe(201);
  expect((await s.call('POST', P.commentCreate(code), { token: by.token, body: { commentCode: uuid(), comment: 'Nice' } })).status).toBe(201);
  return code;
}
async function pair(s: TestServer): Promise<[TestMember, TestMember]> {
  const [a, b] = [await s.signUpMember(), await s.signUpMember()];
  await befriend(s.api, a, b);
  await s.call('PUT', B.read, { token: a.token, body: { all: true } });
  await s.call('PUT', B.read, { token: b.token, body: { all: true } });
  return [a, b];
}


describe.each(dbTargets())('bulletin pushes on $name', ({ databaseUrl }) => {
  let push: PushService;
  beforeAll(async () => {
    push = await PushService.start();
  });
  afterAll(async () => {
    await push?.close();
  });

  describe('one process', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ databaseUrl, pushPollMs: false, pushEndpoints: 'any' });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('pushes each bulletin once to every device of its member, signed and encrypted', async () => {
      const [a, b] = await pair(s);
      const [phone, laptop, other] = [push.device(), push.device(), push.device()];
      expect((await subscribe(s, a, phone)).status).toBe(200);
      expect((await subscribe(s, a, laptop)).status).toBe(200);
      expect((await subscribe(s, a, laptop)).status).toBe(200); // a start refreshes: still one
      expect((await subscribe(s, b, other)).status).toBe(200);
      const post = await commentOn(s, a, b);
      await s.app.bulletins.drain();
      const key = (await s.call('GET', B.pushKey)).body.data.publicKey as string;
      for (const device of [phone, laptop]) {
        const got = push.for(device);
        expect(got).toHaveLength(1);
        expect(got[0]!.vapidKey).toBe(key);
        expect(got[0]!.ttl).toBe('86400');
        expect(got[0]!.payload).toMatchObject({ title: 'Billionett', body: `${(await s.call('GET', B.list, { token: a.token })).body.data.bulletins[0].actor.displayName} commented on your entry.`, url: `/entries/${post}`, count: 1 });
        expect(typeof got[0]!.payload.tag).toBe('string');
      }
      expect(push.for(other)).toHaveLength(0);
      expect(push.errors).toEqual([]);
      await s.app.bulletins.drain();
      expect(push.for(phone)).toHaveLength(1);
    });

    it('forgets a device the push service says is gone; retries one that fails for now', async () => {
      const [a, b] = await pair(s);
      const [gone, flaky] = [push.device(), push.device()];
      await subscribe(s, a, gone);
      await subscribe(s, a, flaky);
      push.answer.set(gone.id, 410);
      push.answer.set(flaky.id, 503);
      const post = await commentOn(s, a, b);
      await s.app.bulletins.drain();
      expect(await s.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.subscription.endpoint))).toHaveLength(0);
      expect(push.for(flaky)).toHaveLength(0);
      // Back up; the retry falls due (backoff skipped here) and arrives once.
      push.answer.delete(flaky.id);
      await s.app.db.execute(sql`update push_jobs set due_at = now()`);
      await s.app.bulletins.drain();
      expect(push.for(flaky)).toHaveLength(1);
      expect(push.for(flaky)[0]!.payload.count).toBe(1);
      await commentOn(s, a, b, post);
      await s.app.bulletins.drain();
      expect(push.for(gone)).toHaveLength(0);
      expect(push.for(flaky).map((r) => r.payload.count)).toEqual([1, 2]);
    });

    it('stores only well-formed subscriptions, only for a signed-in member, and forgets only one’s own', async () => {
      const [a, b] = await pair(s);
      const d = push.device();
      expect((await s.call('PUT', B.subscription, { body: d.subscription })).status).toBe(401);
      const bad = await s.call('PUT', B.subscription, { token: a.token, body: { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['endpoint']));
      await subscribe(s, a, d);
      // A production server takes only public https: push services (push/endpoint.ts).
      const strict = await startTestServer({ databaseUrl, pushPollMs: false });
      try {
        const member = await strict.signUpMember();
        const refused = await strict.call('PUT', B.subscription, { token: member.token, body: d.subscription });
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual({ endpoint: ['This is not the address of a push service.'] });
      } finally {
        await strict.close();
      }
      expect((await s.call('DELETE', B.subscription, { token: b.token, body: { endpoint: d.subscription.endpoint } })).status).toBe(200);
      expect(await s.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, d.subscription.endpoint))).toHaveLength(1);
      expect((await s.call('DELETE', B.subscription, { token: a.token, body: { endpoint: d.subscription.endpoint } })).status).toBe(200);
      expect(await s.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, d.subscription.endpoint))).toHaveLength(0);
    });
  });

  it('a restart mid-queue loses no push and sends none twice', async () => {
    const created = databaseUrl ? await createDatabase(databaseUrl) : null;
    const dataDir = created ? undefined : mkdtempSync(path.join(tmpdir(), 'bt-push-'));
    const existing = { databaseUrl: created?.url, dataDir };
    try {
      const first = await startTestServer({ existing, pushPollMs: false, pushEndpoints: 'any' });
      const [a, b] = await pair(first);
      const [ok, failing] = [push.device(), push.device()];
      await subscribe(first, a, ok);
      await subscribe(first, a, failing);
      push.answer.set(failing.id, 503);
      await commentOn(first, a, b);
      await first.app.bulletins.drain();
      expect(push.for(ok)).toHaveLength(1);
      // The retry falls due; a process takes it (a lease) and dies before sending it.
      await first.app.db.execute(sql`update push_jobs set due_at = now()`);
      expect(await claimJobs(first.app.db, 100)).toHaveLength(1);
      await first.close();

      push.answer.delete(failing.id);
      const second = await startTestServer({ existing, pushPollMs: false, pushEndpoints: 'any' });
      try {
        await second.app.bulletins.drain();
        // Leased: nobody sends it while the lease holds.
        expect(push.for(failing)).toHaveLength(0);
        // The lease lapses (not waited for here): the next look sends it, once.
        await second.app.db.execute(sql`update push_jobs set locked_until = now() - interval '1 second'`);
        await second.app.bulletins.drain();
        await second.app.bulletins.drain();
        expect(push.for(failing)).toHaveLength(1);
        expect(push.for(ok)).toHaveLength(1);
        expect(push.for(failing)[0]!.payload.tag).toBe(push.for(ok)[0]!.payload.tag);
      } finally {
        await second.close();
      }
    } finally {
      await created?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Several processes share PostgreSQL (PGlite is one process's) and Redis.
const shared = REDIS_URL ? dbTargets().filter((t) => t.databaseUrl) : [];
describe.each(shared)('bulletin pushes from two processes on $name', ({ databaseUrl }) => {
  let push: PushService;
  beforeAll(async () => {
    push = await PushService.start();
  });
  afterAll(async () => {
    await push?.close();
  });

  it('two processes sharing the database and Redis send each push once', async () => {
    const created = await createDatabase(databaseUrl!);
    const existing = { databaseUrl: created.url };
    const one = await startTestServer({ existing, redisUrl: REDIS_URL, pushPollMs: false, pushEndpoints: 'any' });
    const two = await startTestServer({ existing, redisUrl: REDIS_URL, pushPollMs: false, pushEndpoints: 'any' });
    try {
      const [a, b] = await pair(one);
      const d = push.device();
      await subscribe(one, a, d);
      const post = await commentOn(one, a, b);
      for (let i = 0; i < 24; i += 1) await commentOn(i % 2 ? one : two, a, b, post);
      await Promise.all([one.app.bulletins.drain(), two.app.bulletins.drain(), one.app.bulletins.drain(), two.app.bulletins.drain()]);
      await Promise.all([one.app.bulletins.drain(), two.app.bulletins.drain()]);
      const tags = push.for(d).map((r) => r.payload.tag);
      expect(tags).toHaveLength(25);
      expect(new Set(tags).size).toBe(25);
    } finally {
      await one.close();
      await two.close();
      await created.drop();
    }
  });
});
