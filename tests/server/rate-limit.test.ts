/**
 * The rate limits against guessing and probing (plugins/rate-limit.ts): password spraying
 * from one address, one account attacked from many, wrong activation codes, existence
 * checks and resets answer 429 within 20 wrong tries; members signing in correctly are
 * never limited. The counter stores keep fixed windows. With REDIS_URL, two apps sharing
 * one Redis count as one (without it that block says why it did not run).
 *
 * Requests come "from" addresses of their own through X-Forwarded-For (trustProxy), so
 * the tests share one server without sharing a counter.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignUpRequest } from '../../src/contract/auth';
import { MESSAGES } from '../../src/contract/rules';
import { createMemoryCounterStore, createRedisCounterStore, type CounterStore } from '../../src/server/plugins/counter-store';
import { startTestServer, TEST_PASSWORD, type CallAnswer, type TestMember, type TestServer } from '../support/server';

const WRONG = 'Wrong#pass1';
const LIMITED = { code: 429, message: MESSAGES.rateLimited };
const namespace = () => `test:${randomBytes(6).toString('hex')}:`;
const from = (address: string) => ({ 'x-forwarded-for': address });
const unique = () => randomBytes(4).toString('hex');

const signIn = (s: TestServer, username: string, password: string, address: string) =>
  s.call('POST', 'auth/signIn', { body: { username, password }, headers: from(address) });

/** Seconds in Retry-After: present, positive, within the 15-minute window. */
function retryAfter(answer: CallAnswer): number {
  const seconds = Number(answer.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(15 * 60);
  return seconds;
}

function signUpBody(activationCode: string): SignUpRequest {
  const id = unique();
  return {
    emailId: `joiner.${id}@example.com`,
    mobileNo: '',
    firstName: 'Join',
    lastName: 'Er',
    displayName: `Joiner ${id}`,
    password: TEST_PASSWORD,
    dateOfBirth: '1990-05-17',
    gender: 'female',
    planCode: 'ruby',
    activationCode,
  };
}

describe('rate limits (one process, in-memory counters)', () => {
  let s: TestServer;
  let member: TestMember;
  beforeAll(async () => {
    s = await startTestServer({ rateLimit: true, trustProxy: 1, rateLimitNamespace: namespace() });
    member = await s.signUpMember();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('password spraying: 40 usernames × 1 wrong try from one address → 429 at the 21st', async () => {
    const statuses: number[] = [];
    let limited: CallAnswer | undefined;
    for (let i = 0; i < 40; i += 1) {
      const answer = await signIn(s, `sprayed${i}.${unique()}@example.com`, WRONG, '10.1.0.1');
      statuses.push(answer.status);
      limited ??= answer.status === 429 ? answer : undefined;
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(20).fill(429));
    expect(limited!.body).toEqual(LIMITED);
    retryAfter(limited!);
    // Another address is not affected.
    expect((await signIn(s, `other.${unique()}@example.com`, WRONG, '10.1.0.2')).status).toBe(401);
  });

  it('a client cannot pick its own address: behind one proxy only the address that proxy appended counts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await signIn(s, `spoof${i}.${unique()}@example.com`, WRONG, `198.51.100.${i}, 10.9.0.1`)).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it('one account from 21 addresses → 429 at the 21st wrong try, before the password is checked', async () => {
    const victim = await s.signUpMember();
    for (let i = 1; i <= 20; i += 1) expect((await signIn(s, victim.email, WRONG, `10.2.0.${i}`)).status).toBe(401);
    const wrong = await signIn(s, victim.email, WRONG, '10.2.0.21');
    expect(wrong.status).toBe(429);
    // The right password, from yet another address, is refused the same way: a locked
    // account cannot be probed, and the login name's case does not matter.
    const right = await signIn(s, `  ${victim.email.toUpperCase()} `, TEST_PASSWORD, '10.2.0.22');
    expect(right.status).toBe(429);
    expect(right.body).toEqual(wrong.body);
    expect(right.body).toEqual(LIMITED);
    retryAfter(right);
    // Other members are not affected.
    expect((await signIn(s, member.email, TEST_PASSWORD, '10.2.0.23')).status).toBe(200);
  });

  it('a burst of 30 parallel wrong tries on one account: 20 are answered, 10 get 429', async () => {
    const victim = `burst.${unique()}@example.com`;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(s, victim, WRONG, `10.3.0.${i + 1}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(10).fill(429)]);
  });

  it('a member signing in 50 times from one address (after a few typos) is never limited', async () => {
    for (let i = 0; i < 3; i += 1) expect((await signIn(s, member.email, WRONG, '10.4.0.1')).status).toBe(401);
    for (let i = 0; i < 50; i += 1) expect((await signIn(s, member.email, TEST_PASSWORD, '10.4.0.1')).status).toBe(200);
    // Successes clear nothing: the address still has 17 wrong tries before 429.
    for (let i = 0; i < 17; i += 1) expect((await signIn(s, `typo${i}.${unique()}@example.com`, WRONG, '10.4.0.1')).status).toBe(401);
    expect((await signIn(s, `typo.${unique()}@example.com`, WRONG, '10.4.0.1')).status).toBe(429);
  });

  it('sign-up: 25 wrong activation codes from one address → 429 at the 21st, then even a valid code waits', async () => {
    const answers: CallAnswer[] = [];
    for (let i = 0; i < 25; i += 1) {
      answers.push(await s.call('POST', 'auth/signUp', { body: signUpBody(`WRONG-${unique()}`), headers: from('10.5.0.1') }));
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(20).fill(400), ...Array(5).fill(429)]);
    expect(answers[0]!.body.errors.activationCode).toEqual([MESSAGES.activationCodeInvalid]);
    expect(answers[20]!.body).toEqual(LIMITED);
    retryAfter(answers[20]!);
    const valid = signUpBody(await s.mintActivationCode());
    expect((await s.call('POST', 'auth/signUp', { body: valid, headers: from('10.5.0.1') })).status).toBe(429);
    expect((await s.call('POST', 'auth/signUp', { body: valid, headers: from('10.5.0.2') })).status).toBe(201);
  });

  it('sign-up: a login already taken counts too (sign-up is no way around the existence limit)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const body = { ...signUpBody(`WRONG-${unique()}`), emailId: member.email };
      statuses.push((await s.call('POST', 'auth/signUp', { body, headers: from('10.6.0.1') })).status);
    }
    expect(statuses).toEqual([...Array(20).fill(409), 429]);
  });

  it('existence checks: validateEmailId and validateMobileNo hammered → 429 at the 21st call a minute', async () => {
    for (const [path, body] of [
      ['auth/validateEmailId', () => ({ emailId: `probe.${unique()}@example.com` })],
      ['auth/validateMobileNo', () => ({ mobileNo: String(100_000_000 + Math.floor(Math.random() * 1e8)) })],
    ] as const) {
      const statuses: number[] = [];
      let limited: CallAnswer | undefined;
      for (let i = 0; i < 25; i += 1) {
        const answer = await s.call('POST', path, { body: body(), headers: from('10.7.0.1') });
        statuses.push(answer.status);
        limited ??= answer.status === 429 ? answer : undefined;
      }
      expect({ path, statuses }).toEqual({ path, statuses: [...Array(20).fill(200), ...Array(5).fill(429)] });
      expect(limited!.body).toEqual(LIMITED);
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('reset request: 5 per account across addresses, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i += 1) {
      const username = i % 2 ? member.email : member.email.toUpperCase();
      statuses.push((await s.call('POST', 'auth/requestResetPassword', { body: { username }, headers: from(`10.8.0.${i}`) })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const ghost = `ghost.${unique()}@example.com`;
    const ghostStatuses: number[] = [];
    for (let i = 1; i <= 6; i += 1) {
      ghostStatuses.push((await s.call('POST', 'auth/requestResetPassword', { body: { username: ghost }, headers: from(`10.8.1.${i}`) })).status);
    }
    expect(ghostStatuses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('reset tokens: 20 wrong tokens from one address, then 429 on both token calls', async () => {
    for (let i = 0; i < 10; i += 1) {
      const token = { resetPasswordToken: `forged-${unique()}` };
      expect((await s.call('POST', 'auth/validateResetPasswordToken', { body: token, headers: from('10.9.0.1') })).status).toBe(400);
      expect((await s.call('POST', 'auth/resetPassword', { body: { ...token, password: TEST_PASSWORD }, headers: from('10.9.0.1') })).status).toBe(400);
    }
    const token = { resetPasswordToken: `forged-${unique()}` };
    const validate = await s.call('POST', 'auth/validateResetPasswordToken', { body: token, headers: from('10.9.0.1') });
    expect(validate.status).toBe(429);
    retryAfter(validate);
    expect((await s.call('POST', 'auth/resetPassword', { body: { ...token, password: TEST_PASSWORD }, headers: from('10.9.0.1') })).status).toBe(429);
    expect((await s.call('POST', 'auth/validateResetPasswordToken', { body: token, headers: from('10.9.0.2') })).status).toBe(400);
  });
});

describe('rate limits when Redis is down', () => {
  let s: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails.
    s = await startTestServer({ rateLimit: true, redisUrl: 'redis://127.0.0.1:1', rateLimitNamespace: namespace() });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('fail open: calls are answered as if unlimited, never 500', async () => {
    expect((await signIn(s, `nobody.${unique()}@example.com`, WRONG, '10.10.0.1')).status).toBe(401);
    expect((await s.call('POST', 'auth/validateEmailId', { body: { emailId: `x.${unique()}@example.com` } })).status).toBe(200);
    expect((await s.call('POST', 'auth/requestResetPassword', { body: { username: `x.${unique()}@example.com` } })).status).toBe(404);
  });
});

const envRedisUrl = process.env.REDIS_URL;
const stores: { name: string; open: () => { store: CounterStore; close: () => Promise<void> } }[] = [
  {
    name: 'memory',
    open: () => {
      const store = createMemoryCounterStore();
      return { store, close: () => store.close() };
    },
  },
  ...(envRedisUrl
    ? [
        {
          name: 'redis',
          open: () => {
            const client = new Redis(envRedisUrl);
            const store = createRedisCounterStore(client);
            return { store, close: async () => void (await client.quit()) };
          },
        },
      ]
    : []),
];

describe.each(stores)('counter store: $name', ({ open }) => {
  let store: CounterStore;
  let close: () => Promise<void>;
  beforeAll(() => {
    ({ store, close } = open());
  });
  afterAll(async () => {
    await close?.();
  });

  it('counts several keys at once in fixed windows, undoes without going below zero, and resets', async () => {
    const a = `${namespace()}a`;
    const b = `${namespace()}b`;
    const first = await store.hit([{ key: a, windowMs: 300 }, { key: b, windowMs: 60_000 }]);
    expect(first.map((c) => c.count)).toEqual([1, 1]);
    expect(first[0]!.ttlMs).toBeLessThanOrEqual(300);
    expect(first[1]!.ttlMs).toBeGreaterThan(59_000);
    await new Promise((r) => setTimeout(r, 100));
    const second = await store.hit([{ key: a, windowMs: 300 }]);
    expect(second[0]!.count).toBe(2);
    // A later hit does not extend the window.
    expect(second[0]!.ttlMs).toBeLessThanOrEqual(210);
    await store.undo([a, a, a]);
    expect((await store.hit([{ key: a, windowMs: 300 }]))[0]!.count).toBe(1);
    await new Promise((r) => setTimeout(r, 350));
    // The window is over: the count starts again, and an undo on an expired key does not revive it.
    await store.undo([a]);
    expect((await store.hit([{ key: a, windowMs: 300 }]))[0]!.count).toBe(1);
    expect((await store.hit([{ key: b, windowMs: 60_000 }]))[0]!.count).toBe(2);
  });
});

// Exactly one of the two lists has an entry (the lint rightly bans conditional tests).
const notRun = envRedisUrl ? [] : ['rate limits across processes: not run: REDIS_URL not set (two apps need a shared Redis)'];
const targets = envRedisUrl ? [{ redisUrl: envRedisUrl }] : [];

describe.each(notRun)('rate limits across two processes', (reason) => {
  it('says why it did not run', () => {
    console.log(reason);
    expect(reason).toContain('not run');
  });
});

describe.each(targets)('rate limits across two processes sharing Redis', ({ redisUrl }) => {
  // One namespace for both apps (they count together), none shared with other runs.
  const ns = namespace();
  let one: TestServer;
  let two: TestServer;
  let redis: Redis;
  beforeAll(async () => {
    const start = () => startTestServer({ rateLimit: true, trustProxy: 1, redisUrl, rateLimitNamespace: ns });
    [one, two] = await Promise.all([start(), start()]);
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    if (redis) {
      const keys = await redis.keys(`${ns}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('one account: 10 wrong tries on each app → the 21st on either is 429', async () => {
    const victim = `shared.${unique()}@example.com`;
    for (let i = 1; i <= 10; i += 1) {
      expect((await signIn(one, victim, WRONG, `10.20.0.${i}`)).status).toBe(401);
      expect((await signIn(two, victim, WRONG, `10.20.1.${i}`)).status).toBe(401);
    }
    const onOne = await signIn(one, victim, WRONG, '10.20.2.1');
    expect(onOne.status).toBe(429);
    expect(onOne.body).toEqual(LIMITED);
    retryAfter(onOne);
    expect((await signIn(two, victim, TEST_PASSWORD, '10.20.2.2')).status).toBe(429);
  });

  it('one address: 10 sprayed usernames on each app → the 21st on either is 429', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await signIn(one, `spray-a${i}.${unique()}@example.com`, WRONG, '10.21.0.1')).status).toBe(401);
      expect((await signIn(two, `spray-b${i}.${unique()}@example.com`, WRONG, '10.21.0.1')).status).toBe(401);
    }
    expect((await signIn(two, `spray.${unique()}@example.com`, WRONG, '10.21.0.1')).status).toBe(429);
    expect((await signIn(one, `spray.${unique()}@example.com`, WRONG, '10.21.0.1')).status).toBe(429);
  });

  it('request limits too: 10 existence checks on each app → the 21st is 429', async () => {
    const check = (s: TestServer) => s.call('POST', 'auth/validateEmailId', { body: { emailId: `p.${unique()}@example.com` }, headers: from('10.22.0.1') });
    for (let i = 0; i < 10; i += 1) {
      expect((await check(one)).status).toBe(200);
      expect((await check(two)).status).toBe(200);
    }
    expect((await check(one)).status).toBe(429);
  });

  it('keeps its counters under its namespace, each with a TTL (the window)', async () => {
    const keys = await redis.keys(`${ns}*`);
    expect(keys.some((k) => k.startsWith(`${ns}fail:signin-account:`))).toBe(true);
    expect(keys.some((k) => k.startsWith(`${ns}req:`))).toBe(true);
    // No e-mail address in a key: logins are hashed.
    expect(keys.some((k) => k.includes('@'))).toBe(false);
    for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
  });
});
