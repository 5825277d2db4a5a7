/**
 * The shared call state (realtime/call-store.ts), in memory and in Redis (with REDIS_URL):
 * busy members, the first accept wins when several race, a call ends exactly once, ringing
 * state expires on its own, and an answered call lives while a host extends it; rings past
 * their deadline are listed for any host's sweep, and two hosts sweeping one end it once.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCallStore, createRedisCallStore, type CallRecord, type CallStore } from '../../src/server/realtime/call-store';

const redisUrl = process.env.REDIS_URL;
const stores: { name: string; make: () => CallStore }[] = [
  { name: 'memory', make: createMemoryCallStore },
  ...(redisUrl ? [{ name: 'redis', make: () => createRedisCallStore(new Redis(redisUrl)) }] : []),
];

const call = (over: Partial<CallRecord> = {}): CallRecord => ({
  callId: randomUUID(),
  kind: 'voice',
  caller: `c-${randomUUID().slice(0, 8)}`,
  callerId: 1,
  callerConn: randomUUID(),
  callee: `e-${randomUUID().slice(0, 8)}`,
  calleeId: 2,
  calleeConn: '',
  state: 'ringing',
  startedAt: Date.now(),
  answeredAt: 0,
  ...over,
});
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(stores)('call state in $name', ({ make }) => {
  const store = make();
  afterAll(() => store.close());

  it('opens once, and keeps either member from a second call', async () => {
    const first = call();
    expect(await store.open(first, 10_000)).toBe('ok');
    expect(await store.open(first, 10_000)).toBe('exists');
    expect(await store.open(call({ caller: first.caller }), 10_000)).toBe('callerBusy');
    expect(await store.open(call({ callee: first.callee }), 10_000)).toBe('calleeBusy');
    expect(await store.open(call({ callee: first.caller }), 10_000)).toBe('calleeBusy');
    expect(await store.get(first.callId)).toEqual(first);
  });

  it('lets the first of racing accepts win, and ends a call exactly once', async () => {
    const c = call();
    await store.open(c, 10_000);
    const answers = await Promise.all(['phone', 'laptop', 'tablet'].map((conn) => store.accept(c.callId, conn, 1234, 10_000)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect((await store.get(c.callId))).toMatchObject({ state: 'active', answeredAt: 1234 });
    expect(await store.end(c.callId, 'ringing')).toBeNull();
    const ends = await Promise.all([store.end(c.callId), store.end(c.callId)]);
    expect(ends.filter(Boolean)).toHaveLength(1);
    expect(await store.get(c.callId)).toBeNull();
    // Both members are free again.
    expect(await store.open(call({ caller: c.caller, callee: c.callee }), 10_000)).toBe('ok');
  });

  it('moves a side of an answered call to a new socket; the old socket can no longer end it', async () => {
    const c = call();
    await store.open(c, 10_000);
    expect(await store.rebind(c.callId, 'calleeConn', 'tablet')).toBeNull();
    await store.accept(c.callId, 'phone', Date.now(), 10_000);
    expect(await store.rebind(c.callId, 'calleeConn', 'tablet')).toMatchObject({ calleeConn: 'tablet' });
    expect(await store.end(c.callId, 'active', { field: 'calleeConn', conn: 'phone' })).toBeNull();
    expect(await store.end(c.callId, 'active', { field: 'calleeConn', conn: 'tablet' })).toMatchObject({ callId: c.callId });
  });

  it('forgets a ringing call past its time; an answered one lives while it is extended', async () => {
    const ringing = call();
    await store.open(ringing, 150);
    await pause(300);
    expect(await store.get(ringing.callId)).toBeNull();
    expect(await store.open(call({ caller: ringing.caller }), 10_000)).toBe('ok');

    const talking = call();
    await store.open(talking, 10_000);
    await store.accept(talking.callId, 'phone', Date.now(), 300);
    await pause(200);
    await store.touch([talking.callId], 300);
    await pause(200);
    expect(await store.get(talking.callId)).toMatchObject({ state: 'active' });
    await pause(350);
    expect(await store.get(talking.callId)).toBeNull();
    expect(await store.open(call({ callee: talking.callee }), 10_000)).toBe('ok');
  });

  it('lists rings past their deadline (not answered or ended ones), and the ring a member’s new device should hear', async () => {
    const now = Date.now();
    const [late, early, answered, ended] = [call(), call(), call(), call()];
    await store.open(late, 10_000, now - 1000);
    await store.open(early, 10_000, now + 60_000);
    await store.open(answered, 10_000, now - 1000);
    await store.open(ended, 10_000, now - 1000);
    await store.accept(answered.callId, 'phone', now, 10_000);
    await store.end(ended.callId);
    const expired = await store.expired(now, 10_000);
    expect(expired).toContain(late.callId);
    expect(expired).not.toContain(early.callId);
    expect(expired).not.toContain(answered.callId);
    expect(expired).not.toContain(ended.callId);
    expect(await store.ringingFor(early.callee)).toMatchObject({ callId: early.callId });
    expect(await store.ringingFor(early.caller)).toBeNull();
    expect(await store.ringingFor(answered.callee)).toBeNull();
    await Promise.all([late, early, answered].map((c) => store.end(c.callId)));
    expect(await store.expired(now, 10_000)).not.toContain(late.callId);
  });
});

describe.each(redisUrl ? [redisUrl] : [])('two hosts sweeping one Redis', (url) => {
  const hosts = [createRedisCallStore(new Redis(url)), createRedisCallStore(new Redis(url))];
  afterAll(() => Promise.all(hosts.map((h) => h.close())));

  it('both see the dead host’s late ring; the store lets exactly one end it', async () => {
    const c = call();
    await hosts[0]!.open(c, 10_000, Date.now() - 1);
    const seen = await Promise.all(hosts.map((h) => h.expired(Date.now(), 10_000)));
    expect(seen.every((ids) => ids.includes(c.callId))).toBe(true);
    const ends = await Promise.all(hosts.flatMap((h) => [h.end(c.callId, 'ringing'), h.end(c.callId, 'ringing')]));
    expect(ends.filter(Boolean)).toHaveLength(1);
  });
});
