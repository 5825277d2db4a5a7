/**
 * Windowed counters for the failure limits (plugins/rate-limit.ts): in memory for one
 * process, or in Redis (REDIS_URL) so several API processes share one count.
 *
 * A window is fixed: it starts with a key's first hit and ends `windowMs` later, whatever
 * happens in between (later hits never extend it). Several keys are hit in one atomic step,
 * so parallel requests can never all read "below the limit" and slip past it together.
 */
import type { Redis } from 'ioredis';
import type { ConnectRedis } from '../redis';

export type Hit = { key: string; windowMs: number };
/** The count after this hit and the time left in the key's window. */
export type Count = { count: number; ttlMs: number };

export interface CounterStore {
  readonly kind: 'memory' | 'redis';
  /** Adds one to every key at once; a key's window starts with its first hit. */
  hit(hits: Hit[]): Promise<Count[]>;
  /** Takes back one hit of each key (never below zero; an expired key stays gone). */
  undo(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

type Entry = { count: number; resetAt: number };

export function createMemoryCounterStore(): CounterStore {
  const entries = new Map<string, Entry>();
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // Expired keys are dropped when read, and swept once a minute so untouched ones go too.
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.resetAt <= now) entries.delete(key);
  }, 60_000);
  sweeper.unref();
  return {
    kind: 'memory',
    // Synchronous inside: one event-loop turn, hence atomic like the Redis script.
    hit: async (hits) => {
      const now = Date.now();
      return hits.map(({ key, windowMs }) => {
        let entry = live(key, now);
        if (!entry) {
          entry = { count: 0, resetAt: now + windowMs };
          entries.set(key, entry);
        }
        entry.count += 1;
        return { count: entry.count, ttlMs: entry.resetAt - now };
      });
    },
    undo: async (keys) => {
      const now = Date.now();
      for (const key of keys) {
        const entry = live(key, now);
        if (entry && entry.count > 0) entry.count -= 1;
      }
    },
    close: async () => {
      clearInterval(sweeper);
      entries.clear();
    },
  };
}

/** INCR every key; the first hit (or a key somehow left without a TTL) starts the window. */
const HIT_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if n == 1 or ttl < 0 then
    ttl = tonumber(ARGV[i])
    redis.call('PEXPIRE', key, ttl)
  end
  out[#out + 1] = n
  out[#out + 1] = ttl
end
return out
`;

/** DECR keeps the key's TTL; a key that expired meanwhile is not brought back at -1. */
const UNDO_SCRIPT = `
for _, key in ipairs(KEYS) do
  local v = redis.call('GET', key)
  if v and tonumber(v) > 0 then redis.call('DECR', key) end
end
return 0
`;

type Scripted = Redis & {
  billionettHit(numberOfKeys: number, ...args: (string | number)[]): Promise<number[]>;
  billionettUndo(numberOfKeys: number, ...keys: string[]): Promise<number>;
};

export type RedisLog = { warn: (obj: object, msg: string) => void };

/**
 * Its own connection, unlike the telex's: that one waits for Redis forever
 * (maxRetriesPerRequest: null), while a limit check must fail within a second so the
 * caller can fail open (plugins/rate-limit.ts) instead of hanging a sign-in.
 */
export function createRedisLimiterClient(connect: ConnectRedis, log: RedisLog): Redis {
  const client = connect({ maxRetriesPerRequest: 1, commandTimeout: 1000, enableAutoPipelining: true });
  let lastWarn = 0;
  // ioredis reconnects by itself; without a listener an error event would crash the process.
  client.on('error', (err: Error) => {
    if (Date.now() - lastWarn < 10_000) return;
    lastWarn = Date.now();
    log.warn({ err: err.message }, 'rate limit redis error: limits fail open until it is back');
  });
  return client;
}

/** Counters on `client` (not closed here: the caller owns the connection). */
export function createRedisCounterStore(client: Redis): CounterStore {
  client.defineCommand('billionettHit', { lua: HIT_SCRIPT });
  client.defineCommand('billionettUndo', { lua: UNDO_SCRIPT });
  const scripted = client as Scripted;
  return {
    kind: 'redis',
    hit: async (hits) => {
      const reply = await scripted.billionettHit(hits.length, ...hits.map((h) => h.key), ...hits.map((h) => h.windowMs));
      return hits.map((_, i) => ({ count: Number(reply[2 * i]), ttlMs: Number(reply[2 * i + 1]) }));
    },
    undo: async (keys) => {
      if (keys.length > 0) await scripted.billionettUndo(keys.length, ...keys);
    },
    close: async () => {},
  };
}
