/**
 * Who is online: a member is online while at least one socket of theirs is logged in on
 * ANY process. Each process counts its own sockets; with Redis it also keeps one field per
 * process in the hash `telex:presence:<userCode>` whose value is an expiry time, refreshed
 * while the process holds the member. A crashed process stops refreshing, so its members
 * drop offline within PRESENCE_TTL_MS without anyone cleaning up (no offline push then:
 * friends see it on their next chat/friends read or presence snapshot).
 *
 * While Redis is not ready, presence answers from this process alone instead of waiting
 * (ioredis would hold the commands until Redis is back, and a telex login, a send's
 * "is the receiver away?" and the chat/friends read with them): members of other
 * processes read as offline, and the field updates queued meanwhile run on reconnect.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface Presence {
  /** Counts a logged-in local socket; true when the member was offline everywhere before. */
  join(userCode: string): Promise<boolean>;
  /** Uncounts it; true when the member is now offline everywhere. */
  leave(userCode: string): Promise<boolean>;
  /** Which of `userCodes` are online now. */
  online(userCodes: string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

export const PRESENCE_TTL_MS = 60_000;
const REFRESH_MS = 20_000;
const keyOf = (userCode: string) => `telex:presence:${userCode}`;

/** Local socket counts per member; shared by both implementations. */
function counter() {
  const counts = new Map<string, number>();
  return {
    counts,
    /** The count before. */
    up(code: string): number {
      const before = counts.get(code) ?? 0;
      counts.set(code, before + 1);
      return before;
    },
    /** The count after. */
    down(code: string): number {
      const after = (counts.get(code) ?? 1) - 1;
      if (after <= 0) counts.delete(code);
      else counts.set(code, after);
      return Math.max(after, 0);
    },
  };
}

export function createMemoryPresence(): Presence {
  const c = counter();
  return {
    join: async (code) => c.up(code) === 0,
    leave: async (code) => c.down(code) === 0,
    online: async (codes) => new Set(codes.filter((code) => c.counts.has(code))),
    close: async () => c.counts.clear(),
  };
}

/**
 * Atomically sets (ARGV[3] = expiry) or removes (ARGV[3] = '') this process's field and
 * answers 1 when another process still holds the member alive, so "came online" and "went
 * offline" are decided once across processes.
 */
const SET_AND_CHECK = `
if ARGV[3] == '' then redis.call('HDEL', KEYS[1], ARGV[1])
else redis.call('HSET', KEYS[1], ARGV[1], ARGV[3]); redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
local all = redis.call('HGETALL', KEYS[1])
local now = tonumber(ARGV[2])
for i = 1, #all, 2 do
  if all[i] ~= ARGV[1] and tonumber(all[i + 1]) > now then return 1 end
end
return 0`;

export function createRedisPresence(redis: Redis): Presence {
  const c = counter();
  const processId = randomUUID();
  const up = () => redis.status === 'ready';
  /** True when another process holds the member; while Redis is away, assumed not (and not waited for). */
  const setAndCheck = async (code: string, present: boolean): Promise<boolean> => {
    const now = Date.now();
    const answer = redis.eval(SET_AND_CHECK, 1, keyOf(code), processId, now, present ? now + PRESENCE_TTL_MS : '', PRESENCE_TTL_MS);
    if (!up()) {
      answer.catch(() => undefined);
      return false;
    }
    return (await answer) === 1;
  };
  const refresh = setInterval(() => {
    if (c.counts.size === 0) return;
    const expiry = Date.now() + PRESENCE_TTL_MS;
    const batch = redis.pipeline();
    for (const code of c.counts.keys()) batch.hset(keyOf(code), processId, expiry).pexpire(keyOf(code), PRESENCE_TTL_MS);
    batch.exec().catch(() => {});
  }, REFRESH_MS);
  refresh.unref();
  return {
    async join(code) {
      if (c.up(code) > 0) return false;
      return !(await setAndCheck(code, true));
    },
    async leave(code) {
      if (c.down(code) > 0) return false;
      return !(await setAndCheck(code, false));
    },
    async online(codes) {
      const found = new Set(codes.filter((code) => c.counts.has(code)));
      const remote = codes.filter((code) => !found.has(code));
      if (remote.length === 0 || !up()) return found;
      const batch = redis.pipeline();
      for (const code of remote) batch.hvals(keyOf(code));
      const answers = (await batch.exec()) ?? [];
      const now = Date.now();
      answers.forEach(([error, values], i) => {
        if (!error && (values as string[]).some((v) => Number(v) > now)) found.add(remote[i]!);
      });
      return found;
    },
    async close() {
      clearInterval(refresh);
      // A clean stop takes this process's members out now rather than after the TTL.
      if (c.counts.size > 0 && redis.status === 'ready') {
        const batch = redis.pipeline();
        for (const code of c.counts.keys()) batch.hdel(keyOf(code), processId);
        await batch.exec().catch(() => {});
      }
      c.counts.clear();
      // quit() would wait on commands queued while Redis was away.
      if (redis.status === 'ready') await redis.quit().catch(() => {});
      else redis.disconnect();
    },
  };
}
