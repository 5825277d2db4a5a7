/**
 * The state of every call, shared by every API process: a call rings on one host and is
 * accepted, relayed and hung up on others. With Redis each call is a hash `call:<callId>`
 * and each member in a call holds `call:member:<userCode>` = callId, all expiring (a host that
 * dies mid-call leaves nothing behind for long: the hosts holding an answered call's devices
 * keep extending it, calls.ts); every change of state is one Lua script, so
 * "the first accept wins" and "a call ends once" hold across hosts. Without Redis, one
 * process keeps the same in memory.
 * Ringing calls are also listed by their deadline (`calls:ringing`, a sorted set), so any live
 * host can end a ring whose host died before its timer fired (the sweep, calls.ts): `end`
 * still decides once which host writes the missed line.
 */
import type { Redis } from 'ioredis';
import type { CallKind } from '../../contract/calls';

export type CallState = 'ringing' | 'active';

export type CallRecord = {
  callId: string;
  kind: CallKind;
  caller: string;
  callerId: number;
  /** The caller's socket: signalling for the caller goes to it alone. */
  callerConn: string;
  callee: string;
  calleeId: number;
  /** The callee's socket that accepted ('' while ringing). */
  calleeConn: string;
  state: CallState;
  startedAt: number;
  /** When it was accepted (0 while ringing). */
  answeredAt: number;
};

export type DeviceField = 'callerConn' | 'calleeConn';

export type OpenResult = 'ok' | 'exists' | 'callerBusy' | 'calleeBusy';

export interface CallStore {
  /**
   * A new ringing call, unless its id is taken or either member is in a call already.
   * `deadline` (epoch ms, default now + ttlMs): when its ring is over, for `expired`.
   */
  open(call: CallRecord, ttlMs: number, deadline?: number): Promise<OpenResult>;
  get(callId: string): Promise<CallRecord | null>;
  /** The call `userCode` is in, when it is ringing for them (a device of theirs that logs in rings too). */
  ringingFor(userCode: string): Promise<CallRecord | null>;
  /** Ids of calls still ringing whose deadline is at or before `before` (epoch ms), oldest first. */
  expired(before: number, limit?: number): Promise<string[]>;
  /** Ringing → active on `calleeConn`; null when it was not ringing any more (another device won, or it ended). */
  accept(callId: string, calleeConn: string, now: number, ttlMs: number): Promise<CallRecord | null>;
  /** An answered call goes on: its keys live `ttlMs` more (a host holding one of its devices says so). */
  touch(callIds: string[], ttlMs: number): Promise<void>;
  /** An answered call's side `field` moves to socket `conn` (a resume); null when the call is not answered. */
  rebind(callId: string, field: DeviceField, conn: string): Promise<CallRecord | null>;
  /**
   * Ends the call once: the record as it was, or null when it had ended, was not in `onlyIf`,
   * or (with `device`) that side has moved to another socket since.
   */
  end(callId: string, onlyIf?: CallState, device?: { field: DeviceField; conn: string }): Promise<CallRecord | null>;
  close(): Promise<void>;
}

const callKey = (id: string) => `call:${id}`;
const MEMBER_PREFIX = 'call:member:';
/** Ringing calls by deadline: a sorted set of call ids. */
const RINGING_KEY = 'calls:ringing';

const fromHash = (h: Record<string, string>): CallRecord | null =>
  h.callId
    ? {
        callId: h.callId,
        kind: h.kind as CallKind,
        caller: h.caller!,
        callerId: Number(h.callerId),
        callerConn: h.callerConn!,
        callee: h.callee!,
        calleeId: Number(h.calleeId),
        calleeConn: h.calleeConn ?? '',
        state: h.state as CallState,
        startedAt: Number(h.startedAt),
        answeredAt: Number(h.answeredAt ?? 0),
      }
    : null;

const pairs = (array: unknown): Record<string, string> => {
  const list = (array ?? []) as string[];
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < list.length; i += 2) out[list[i]!] = list[i + 1]!;
  return out;
};

// KEYS: call, caller's member key, callee's member key, the ringing set. ARGV: ttl, deadline, then field/value pairs.
const OPEN = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'exists' end
if redis.call('EXISTS', KEYS[2]) == 1 then return 'callerBusy' end
if redis.call('EXISTS', KEYS[3]) == 1 then return 'calleeBusy' end
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('ZADD', KEYS[4], ARGV[2], redis.call('HGET', KEYS[1], 'callId'))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], redis.call('HGET', KEYS[1], 'callId'), 'PX', ARGV[1])
redis.call('SET', KEYS[3], redis.call('HGET', KEYS[1], 'callId'), 'PX', ARGV[1])
return 'ok'`;

// KEYS: call, the ringing set. ARGV: calleeConn, now, ttl, member key prefix.
const ACCEPT = `
if redis.call('HGET', KEYS[1], 'state') ~= 'ringing' then return nil end
redis.call('ZREM', KEYS[2], redis.call('HGET', KEYS[1], 'callId'))
redis.call('HSET', KEYS[1], 'state', 'active', 'calleeConn', ARGV[1], 'answeredAt', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', ARGV[4] .. redis.call('HGET', KEYS[1], 'caller'), ARGV[3])
redis.call('PEXPIRE', ARGV[4] .. redis.call('HGET', KEYS[1], 'callee'), ARGV[3])
return redis.call('HGETALL', KEYS[1])`;

// KEYS: calls. ARGV: ttl, member key prefix. Only answered calls: a ringing one ends by its timer.
const TOUCH = `
for _, key in ipairs(KEYS) do
  if redis.call('HGET', key, 'state') == 'active' then
    redis.call('PEXPIRE', key, ARGV[1])
    redis.call('PEXPIRE', ARGV[2] .. redis.call('HGET', key, 'caller'), ARGV[1])
    redis.call('PEXPIRE', ARGV[2] .. redis.call('HGET', key, 'callee'), ARGV[1])
  end
end
return 0`;

// KEYS: call. ARGV: field, conn.
const REBIND = `
if redis.call('HGET', KEYS[1], 'state') ~= 'active' then return nil end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return redis.call('HGETALL', KEYS[1])`;

// KEYS: call, the ringing set. ARGV: member key prefix, required state ('' for any), device field and
// its socket ('' for any), the call's id (a call whose state expired leaves the ringing set here).
const END = `
local state = redis.call('HGET', KEYS[1], 'state')
if not state then
  redis.call('ZREM', KEYS[2], ARGV[5])
  return nil
end
if ARGV[2] ~= '' and state ~= ARGV[2] then return nil end
if ARGV[3] ~= '' and redis.call('HGET', KEYS[1], ARGV[3]) ~= ARGV[4] then return nil end
local all = redis.call('HGETALL', KEYS[1])
local id = redis.call('HGET', KEYS[1], 'callId')
for _, who in ipairs({'caller', 'callee'}) do
  local key = ARGV[1] .. redis.call('HGET', KEYS[1], who)
  if redis.call('GET', key) == id then redis.call('DEL', key) end
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[5])
return all`;

// KEYS: a member key, the ringing set. ARGV: the call key prefix.
const RINGING_FOR = `
local id = redis.call('GET', KEYS[1])
if not id or not redis.call('ZSCORE', KEYS[2], id) then return nil end
return redis.call('HGETALL', ARGV[1] .. id)`;

export function createRedisCallStore(redis: Redis): CallStore {
  return {
    async open(call, ttlMs, deadline = Date.now() + ttlMs) {
      const fields = Object.entries(call).flatMap(([k, v]) => [k, String(v)]);
      const keys = [callKey(call.callId), MEMBER_PREFIX + call.caller, MEMBER_PREFIX + call.callee, RINGING_KEY];
      return (await redis.eval(OPEN, keys.length, ...keys, ttlMs, deadline, ...fields)) as OpenResult;
    },
    async get(callId) {
      return fromHash(await redis.hgetall(callKey(callId)));
    },
    async ringingFor(userCode) {
      const call = fromHash(pairs(await redis.eval(RINGING_FOR, 2, MEMBER_PREFIX + userCode, RINGING_KEY, 'call:')));
      return call?.state === 'ringing' && call.callee === userCode ? call : null;
    },
    async expired(before, limit = 100) {
      return redis.zrangebyscore(RINGING_KEY, '-inf', before, 'LIMIT', 0, limit);
    },
    async accept(callId, calleeConn, now, ttlMs) {
      return fromHash(pairs(await redis.eval(ACCEPT, 2, callKey(callId), RINGING_KEY, calleeConn, now, ttlMs, MEMBER_PREFIX)));
    },
    async touch(callIds, ttlMs) {
      if (callIds.length > 0) await redis.eval(TOUCH, callIds.length, ...callIds.map(callKey), ttlMs, MEMBER_PREFIX);
    },
    async rebind(callId, field, conn) {
      return fromHash(pairs(await redis.eval(REBIND, 1, callKey(callId), field, conn)));
    },
    async end(callId, onlyIf, device) {
      const args = [MEMBER_PREFIX, onlyIf ?? '', device?.field ?? '', device?.conn ?? '', callId];
      return fromHash(pairs(await redis.eval(END, 2, callKey(callId), RINGING_KEY, ...args)));
    },
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => {});
      else redis.disconnect();
    },
  };
}

export function createMemoryCallStore(): CallStore {
  const calls = new Map<string, { call: CallRecord; until: number; deadline: number }>();
  const members = new Map<string, string>();
  const live = (callId: string) => {
    const held = calls.get(callId);
    if (held && held.until > Date.now()) return held;
    if (held) drop(held.call);
    return null;
  };
  const drop = (call: CallRecord) => {
    calls.delete(call.callId);
    for (const who of [call.caller, call.callee]) if (members.get(who) === call.callId) members.delete(who);
  };
  const busy = (who: string) => {
    const id = members.get(who);
    return id !== undefined && live(id) !== null;
  };
  return {
    async open(call, ttlMs, deadline = Date.now() + ttlMs) {
      if (live(call.callId)) return 'exists';
      if (busy(call.caller)) return 'callerBusy';
      if (busy(call.callee)) return 'calleeBusy';
      calls.set(call.callId, { call: { ...call }, until: Date.now() + ttlMs, deadline });
      members.set(call.caller, call.callId);
      members.set(call.callee, call.callId);
      return 'ok';
    },
    async get(callId) {
      const held = live(callId);
      return held ? { ...held.call } : null;
    },
    async ringingFor(userCode) {
      const id = members.get(userCode);
      const held = id === undefined ? null : live(id);
      return held?.call.state === 'ringing' && held.call.callee === userCode ? { ...held.call } : null;
    },
    async expired(before, limit = 100) {
      return [...calls.values()]
        .filter((held) => held.call.state === 'ringing' && held.deadline <= before)
        .sort((x, y) => x.deadline - y.deadline)
        .slice(0, limit)
        .map((held) => held.call.callId);
    },
    async accept(callId, calleeConn, now, ttlMs) {
      const held = live(callId);
      if (!held || held.call.state !== 'ringing') return null;
      held.call = { ...held.call, state: 'active', calleeConn, answeredAt: now };
      held.until = Date.now() + ttlMs;
      return { ...held.call };
    },
    async touch(callIds, ttlMs) {
      for (const id of callIds) {
        const held = live(id);
        if (held?.call.state === 'active') held.until = Date.now() + ttlMs;
      }
    },
    async rebind(callId, field, conn) {
      const held = live(callId);
      if (held?.call.state !== 'active') return null;
      held.call = { ...held.call, [field]: conn };
      return { ...held.call };
    },
    async end(callId, onlyIf, device) {
      const held = live(callId);
      if (!held || (onlyIf && held.call.state !== onlyIf)) return null;
      if (device && held.call[device.field] !== device.conn) return null;
      drop(held.call);
      return held.call;
    },
    async close() {
      calls.clear();
      members.clear();
    },
  };
}
