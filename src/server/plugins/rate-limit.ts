/**
 * Rate limits on the calls an attacker would hammer (docs/decisions/0009-rate-limits.md). Two kinds:
 *
 * - Failure limits (`app.limits`): sign-in, sign-up (a bad activation code or a login
 *   already taken) and reset tokens count WRONG tries, not calls, per address and (sign-in)
 *   per account. Members who sign in correctly are never slowed, however many share one
 *   address (an office NAT, the e2e suite on loopback); guessing and password spraying
 *   are. Every try is counted atomically BEFORE it runs and a try that turns out right
 *   takes its own count back (it clears nothing else: spraying interleaves successes).
 *   So a burst of parallel guesses cannot slip past the check, and a locked account
 *   answers 429 before its password is even looked at.
 * - Request limits (@fastify/rate-limit, `config.rateLimit` per route): the reset request
 *   and the existence checks, counted per call and address.
 *
 * Counters live in memory, or with REDIS_URL in Redis (both kinds), so several API
 * processes share one count. If Redis is down the limits FAIL OPEN with a logged warning:
 * sign-in keeps working unlimited rather than answering 500 to everyone.
 */
import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { MESSAGES } from '../../contract/rules';
import { HttpError } from '../http-error';
import { createMemoryCounterStore, createRedisCounterStore, createRedisLimiterClient, type CounterStore } from './counter-store';
import { redisAt } from '../redis';

const MINUTE = 60_000;

export type FailureRule = { name: string; max: number; windowMs: number };

/** The failure limits: at most `max` wrong tries per key in a fixed window of `windowMs`. */
export const FAILURE_RULES = {
  signInAddress: { name: 'signin-ip', max: 20, windowMs: 15 * MINUTE },
  signInAccount: { name: 'signin-account', max: 20, windowMs: 15 * MINUTE },
  /** The old "10 a minute per address and login name", now counting wrong tries only. */
  signInPair: { name: 'signin-pair', max: 10, windowMs: MINUTE },
  signUpAddress: { name: 'signup-ip', max: 20, windowMs: 15 * MINUTE },
  resetTokenAddress: { name: 'reset-token-ip', max: 20, windowMs: 15 * MINUTE },
  /** Refused session renewals (auth/refresh): an unknown, ended or copied refresh token. */
  refreshAddress: { name: 'refresh-ip', max: 20, windowMs: 15 * MINUTE },
  /** Passkey sign-in options (each keeps a challenge for minutes): every call counts; checkin asks once a visit. */
  passkeyOptionsAddress: { name: 'passkey-options-ip', max: 60, windowMs: 15 * MINUTE },
  /** Reset requests for one login (each sends a mail): every call counts. */
  resetAccount: { name: 'reset-account', max: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, FailureRule>;

export type Counter = { rule: FailureRule; id: string };

/** The client's address; IPv6 counted per /64, as @fastify/rate-limit does. */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * A login name as findByLogin matches it (trimmed, e-mail case-insensitive), hashed so
 * the counters (possibly in a shared Redis) hold no e-mail addresses.
 */
export const loginKey = (login: string) => createHash('sha256').update(login.trim().toLowerCase()).digest('hex').slice(0, 32);

export function signInCounters(request: FastifyRequest, username: string): Counter[] {
  const address = clientAddress(request);
  const account = loginKey(username);
  return [
    { rule: FAILURE_RULES.signInAddress, id: address },
    { rule: FAILURE_RULES.signInAccount, id: account },
    { rule: FAILURE_RULES.signInPair, id: `${address}:${account}` },
  ];
}

export const addressCounter = (rule: FailureRule, request: FastifyRequest): Counter => ({ rule, id: clientAddress(request) });

/** One try under the failure limits, begun by `app.limits.begin`. */
export interface Attempt {
  /** A wrong try: its count stays. Returns `error`, for `throw attempt.fail(error)`. */
  fail<E>(error: E): E;
  /** Call in `finally`: unless the try failed, takes its count back. Idempotent. */
  end(): Promise<void>;
}

export interface Limits {
  /** Counts a try now; throws 429 (with Retry-After) if any counter is over its limit. */
  begin(request: FastifyRequest, reply: FastifyReply, counters: Counter[]): Promise<Attempt>;
  /** Every call counts, right or wrong; throws 429 if any counter is over its limit. */
  count(request: FastifyRequest, reply: FastifyReply, counters: Counter[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

const settled: Attempt = { fail: (error) => error, end: async () => {} };
const noLimits: Limits = { begin: async () => settled, count: async () => {} };

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

export function createLimits(store: CounterStore, namespace: string, log: Log): Limits {
  let lastWarn = 0;
  const warn = (err: unknown, what: string) => {
    if (Date.now() - lastWarn < 10_000) return;
    lastWarn = Date.now();
    log.warn({ err: err instanceof Error ? err.message : String(err), store: store.kind }, `rate limit ${what} failed: failing open`);
  };
  const undo = (keys: string[]) => store.undo(keys).catch((err: unknown) => warn(err, 'undo'));

  async function begin(request: FastifyRequest, reply: FastifyReply, counters: Counter[]): Promise<Attempt> {
    const hits = counters.map((c) => ({ key: `${namespace}${c.rule.name}:${c.id}`, windowMs: c.rule.windowMs }));
    const keys = hits.map((h) => h.key);
    let counts;
    try {
      counts = await store.hit(hits);
    } catch (err) {
      // Fail open (Redis down or slow): better unlimited for a while than a 500 for every sign-in.
      warn(err, 'check');
      return settled;
    }
    const over = counters.flatMap((c, i) => (counts[i]!.count > c.rule.max ? [{ name: c.rule.name, ttlMs: counts[i]!.ttlMs }] : []));
    if (over.length > 0) {
      // A refused try leaves no trace: retrying a locked account must not lock the address too.
      await undo(keys);
      request.log.info({ limits: over.map((o) => o.name) }, 'rate limited');
      reply.header('retry-after', String(Math.max(1, Math.ceil(Math.max(...over.map((o) => o.ttlMs)) / 1000))));
      throw new HttpError(429, MESSAGES.rateLimited);
    }
    let done = false;
    return {
      fail: (error) => {
        done = true;
        return error;
      },
      end: async () => {
        if (done) return;
        done = true;
        await undo(keys);
      },
    };
  }

  return {
    begin,
    count: async (request, reply, counters) => {
      const attempt = await begin(request, reply, counters);
      attempt.fail(null);
    },
  };
}

export type RateLimitSetup = {
  /** Off: no limits at all (tests that sign in freely). */
  enabled: boolean;
  /** Share the counters through this Redis (REDIS_URL). */
  redisUrl?: string;
  /** Prefix of every counter key, so runs sharing one Redis keep apart. */
  namespace?: string;
};

export async function setupRateLimit(app: FastifyInstance, setup: RateLimitSetup): Promise<void> {
  if (!setup.enabled) {
    app.decorate('limits', noLimits);
    return;
  }
  const namespace = setup.namespace ?? 'billionett:rl:';
  const redis: Redis | null = setup.redisUrl ? createRedisLimiterClient(await redisAt(setup.redisUrl), app.log) : null;
  const store = redis ? createRedisCounterStore(redis) : createMemoryCounterStore();
  app.decorate('limits', createLimits(store, `${namespace}fail:`, app.log));
  app.addHook('onClose', async () => {
    await store.close();
    if (redis) {
      // quit() waits for pending replies; a dead connection is simply dropped.
      await Promise.race([redis.quit().catch(() => {}), new Promise((r) => setTimeout(r, 1000))]);
      redis.disconnect();
    }
  });
  await app.register(rateLimit, {
    global: false,
    nameSpace: `${namespace}req:`,
    ...(redis ? { redis } : {}),
    // Redis down: the request limits fail open too (the client's error events are logged).
    skipOnError: true,
    errorResponseBuilder: () => ({ statusCode: 429, code: 429, message: MESSAGES.rateLimited }),
  });
}

/** Unknown accounts answer 404 here, so this bounds account probing per address. */
export const resetLimit = {
  max: 5,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `reset:${clientAddress(request)}`,
};

/** auth/validateEmailId and validateMobileNo tell whether an account exists (each its own count). */
export const existenceLimit = {
  max: 20,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `exists:${clientAddress(request)}`,
};
