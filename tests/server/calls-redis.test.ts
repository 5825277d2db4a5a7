/**
 * Calls across two real API processes sharing PostgreSQL and Redis (issue 30): a caller on
 * process 1, the callee's phone on process 2 and laptop on process 1 — the ring reaches both,
 * the first accept wins across hosts, the signalling reaches the one accepting device, and the
 * hang-up and the call's line cross back. Then the load check: 100 calls at once, each
 * ring → accept → offer → answer → 2 candidates → hang-up, with every signalling frame arriving
 * exactly once. Needs DATABASE_URL and REDIS_URL (`.ci/run` sets both).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatServerFrame } from '../../src/contract/chat';
import { startCluster, type ApiProcess, type Cluster } from '../support/processes';
import { befriend, TelexClient, type TelexLogin } from '../support/telex';

const envDatabaseUrl = process.env.DATABASE_URL;
const envRedisUrl = process.env.REDIS_URL;
const missing = [!envDatabaseUrl && 'DATABASE_URL', !envRedisUrl && 'REDIS_URL'].filter(Boolean);

// Exactly one of the two lists has an entry (the lint rightly bans conditional tests).
const notRun = missing.length > 0 ? [`calls-redis: not run: ${missing.join(' and ')} not set (two API processes need a shared PostgreSQL and Redis)`] : [];
const targets = missing.length > 0 ? [] : [{ databaseUrl: envDatabaseUrl!, redisUrl: envRedisUrl! }];

describe.each(notRun)('calls across two processes', (reason) => {
  it('says why it did not run', () => {
    console.log(reason);
    expect(reason).toContain('not run');
  });
});

const CYCLES = 100;

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map((item, j) => work(item, i + j)))));
  return out;
}

describe.each(targets)('calls across two processes with Redis', ({ databaseUrl, redisUrl }) => {
  let cluster: Cluster;
  const sockets: TelexClient[] = [];
  beforeAll(async () => {
    cluster = await startCluster({ databaseUrl, redisUrl, count: 2 });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await cluster?.close();
  });

  const open = async (p: ApiProcess, m: TelexLogin) => {
    const c = await TelexClient.open(p.url, m);
    sockets.push(c);
    return c;
  };
  const is = (type: string, callId: string) => (f: ChatServerFrame) => f.type === type && 'callId' in f && f.callId === callId;

  it('rings both devices across hosts; the first accept wins; signalling reaches the accepting device only', async () => {
    const [p1, p2] = [cluster.processes[0]!, cluster.processes[1]!];
    const a = await cluster.signUp(p1);
    const b = await cluster.signUp(p2);
    await befriend(p1.api, a, b);
    const ca = await open(p1, a);
    const phone = await open(p2, b);
    const laptop = await open(p1, b);

    const callId = randomUUID();
    ca.send({ type: 'call.ring', callId, to: b.userCode, kind: 'video' });
    await ca.next(is('call.ringing', callId));
    await phone.next(is('call.ring', callId));
    await laptop.next(is('call.ring', callId));
    phone.send({ type: 'call.accept', callId });
    await ca.next(is('call.accept', callId));
    await laptop.next(is('call.ringing-stopped', callId));
    laptop.send({ type: 'call.accept', callId });
    expect(await laptop.next(is('call.ringing-stopped', callId))).toMatchObject({ reason: 'answeredElsewhere' });

    ca.send({ type: 'call.offer', callId, sdp: 'v=0 offer' });
    expect(await phone.next(is('call.offer', callId))).toMatchObject({ sdp: 'v=0 offer' });
    phone.send({ type: 'call.answer', callId, sdp: 'v=0 answer' });
    expect(await ca.next(is('call.answer', callId))).toMatchObject({ sdp: 'v=0 answer' });
    // The laptop (on the caller's own process) cannot reach into the call.
    laptop.send({ type: 'call.candidate', callId, candidate: null });
    expect(await laptop.next((f) => f.type === 'error' && f.id === callId)).toMatchObject({ code: 'noCall' });
    phone.send({ type: 'call.hangup', callId });
    expect(await ca.next(is('call.hangup', callId))).toMatchObject({ reason: 'hangup' });
    expect(await ca.next((f) => f.type === 'message' && f.id === callId)).toMatchObject({ call: { kind: 'video', outcome: 'answered' } });
    await laptop.next((f) => f.type === 'message' && f.id === callId);
    expect(laptop.inbox.some((f) => f.type === 'call.offer')).toBe(false);
  });

  it(`load: ${CYCLES} concurrent ring/accept/offer/answer/candidates/hang-up cycles, no signalling frame lost or repeated`, async () => {
    const [p1, p2] = [cluster.processes[0]!, cluster.processes[1]!];
    const pairs = await inBatches(Array.from({ length: CYCLES }), 8, async () => {
      const a = await cluster.signUp(p1);
      const b = await cluster.signUp(p2);
      await befriend(p1.api, a, b);
      return { a, b };
    });
    const counted = new Map<TelexClient, Map<string, number>>();
    const counting = async (p: ApiProcess, m: TelexLogin) => {
      const c = await open(p, m);
      const counts = new Map<string, number>();
      c.ws.on('message', (data) => {
        const f = JSON.parse(data.toString()) as { type: string };
        counts.set(f.type, (counts.get(f.type) ?? 0) + 1);
      });
      counted.set(c, counts);
      return c;
    };
    const clients = await inBatches(pairs, 20, async ({ a, b }) => ({ ca: await counting(p1, a), cb: await counting(p2, b), b }));

    const started = Date.now();
    await Promise.all(
      clients.map(async ({ ca, cb, b }) => {
        const callId = randomUUID();
        ca.send({ type: 'call.ring', callId, to: b.userCode, kind: 'voice' });
        await cb.next(is('call.ring', callId), 20_000);
        cb.send({ type: 'call.accept', callId });
        await ca.next(is('call.accept', callId), 20_000);
        ca.send({ type: 'call.offer', callId, sdp: `v=0 offer ${callId}` });
        expect(await cb.next(is('call.offer', callId), 20_000)).toMatchObject({ sdp: `v=0 offer ${callId}` });
        cb.send({ type: 'call.answer', callId, sdp: `v=0 answer ${callId}` });
        await ca.next(is('call.answer', callId), 20_000);
        for (const n of [1, 2]) ca.send({ type: 'call.candidate', callId, candidate: { candidate: `candidate:${n}`, sdpMid: '0', sdpMLineIndex: 0 } });
        await cb.next((f) => is('call.candidate', callId)(f) && (f as { candidate: { candidate: string } }).candidate.candidate === 'candidate:1', 20_000);
        await cb.next((f) => is('call.candidate', callId)(f) && (f as { candidate: { candidate: string } }).candidate.candidate === 'candidate:2', 20_000);
        ca.send({ type: 'call.hangup', callId });
        await cb.next(is('call.hangup', callId), 20_000);
        await cb.next((f) => f.type === 'message' && f.id === callId, 20_000);
        await ca.next((f) => f.type === 'message' && f.id === callId, 20_000);
      }),
    );
    console.log(`calls-redis: ${CYCLES} concurrent call cycles across two processes in ${Date.now() - started} ms`);
    // Anything late or doubled would show now.
    await new Promise((r) => setTimeout(r, 500));
    const call = (counts: Map<string, number>) => Object.fromEntries([...counts].filter(([type]) => type.startsWith('call.') || type === 'message' || type === 'error'));
    for (const { ca, cb } of clients) {
      expect(call(counted.get(ca)!)).toEqual({ 'call.ringing': 1, 'call.accept': 1, 'call.answer': 1, message: 1 });
      expect(call(counted.get(cb)!)).toEqual({ 'call.ring': 1, 'call.offer': 1, 'call.candidate': 2, 'call.hangup': 1, message: 1 });
    }
  }, 240_000);
});
