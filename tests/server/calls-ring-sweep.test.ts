/**
 * A host dying mid-ring still leaves the missed line (decision 0079): the caller's socket and
 * so the ring's timer sit on process 1, the callee on process 2; process 1 is killed (SIGKILL:
 * no shutdown hook runs, as when a host dies) before the ring ends. Process 2's own sweep and
 * this test's app, a third host on the same database and Redis sweeping as fast as it can,
 * both find the late ring: the callee hears it was missed once, and gets one line and one
 * 'Missed call' bulletin. Needs DATABASE_URL and REDIS_URL (`.ci/run` sets both).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULLETIN_PATHS as B } from '../../src/contract/bulletins';
import { startCluster, type Cluster } from '../support/processes';
import { startTestServer, type TestServer } from '../support/server';
import { befriend, TelexClient } from '../support/telex';

const envDatabaseUrl = process.env.DATABASE_URL;
const envRedisUrl = process.env.REDIS_URL;
const missing = [!envDatabaseUrl && 'DATABASE_URL', !envRedisUrl && 'REDIS_URL'].filter(Boolean);

// Exactly one of the two lists has an entry (the lint rightly bans conditional tests).
const notRun = missing.length > 0 ? [`calls-ring-sweep: not run: ${missing.join(' and ')} not set (hosts share the ring through PostgreSQL and Redis)`] : [];
const targets = missing.length > 0 ? [] : [{ databaseUrl: envDatabaseUrl!, redisUrl: envRedisUrl! }];

describe.each(notRun)('a ring whose host died', (reason) => {
  it('says why it did not run', () => {
    console.log(reason);
    expect(reason).toContain('not run');
  });
});

const RING_MS = 1000;

describe.each(targets)('a ring whose host died, with Redis', ({ databaseUrl, redisUrl }) => {
  let cluster: Cluster;
  let third: TestServer;
  const sockets: TelexClient[] = [];
  beforeAll(async () => {
    cluster = await startCluster({ databaseUrl, redisUrl, count: 2, env: { CALL_RING_MS: String(RING_MS) } });
    third = await startTestServer({ existing: { databaseUrl: cluster.databaseUrl }, redisUrl, callSweepMs: false, pushPollMs: false });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await third?.close();
    await cluster?.close();
  });

  it('is ended by the live hosts exactly once: one missed frame, one line, one bulletin for the callee', async () => {
    const [p1, p2] = [cluster.processes[0]!, cluster.processes[1]!];
    const a = await cluster.signUp(p1);
    const b = await cluster.signUp(p2);
    await befriend(p1.api, a, b);
    const ca = await TelexClient.open(p1.url, a);
    const cb = await TelexClient.open(p2.url, b);
    sockets.push(cb);
    const callId = randomUUID();
    ca.send({ type: 'call.ring', callId, to: b.userCode, kind: 'voice' });
    await cb.next((f) => f.type === 'call.ring' && f.callId === callId);

    // The ringing host dies before the ring ends: its timer never fires, nothing of it cancels the call.
    const died = new Promise((resolve) => p1.child.once('exit', resolve));
    p1.child.kill('SIGKILL');
    await died;

    // This host sweeps as fast as it can while process 2 sweeps on its own clock.
    let ours = 0;
    const sweeping = { on: true };
    const racing = (async () => {
      while (sweeping.on) {
        ours += await third.app.calls.sweep();
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await cb.next((f) => f.type === 'call.missed' && f.callId === callId, RING_MS + 15_000);
    expect(await cb.next((f) => f.type === 'message' && f.id === callId)).toMatchObject({ body: 'Missed voice call', call: { outcome: 'missed' } });
    const missed = async () => ((await (await fetch(`${p2.api}/${B.list}`, { headers: { authorization: `Bearer ${b.token}` } })).json()) as { data: { bulletins: { kind: string }[] } }).data.bulletins.filter((x) => x.kind === 'missedCall');
    for (let i = 0; i < 50 && (await missed()).length === 0; i += 1) await new Promise((r) => setTimeout(r, 100));
    // Anything late or doubled would show by now (process 2 sweeps every 5 s).
    await new Promise((r) => setTimeout(r, 6_000));
    sweeping.on = false;
    await racing;

    expect(cb.inbox.filter((f) => (f.type === 'call.missed' && f.callId === callId) || (f.type === 'message' && f.id === callId))).toEqual([]);
    expect(await missed()).toHaveLength(1);
    const lines = await third.app.db.execute(sql`select count(*)::int as n from chat_messages where id = ${callId}`);
    expect((lines as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect(ours).toBeLessThanOrEqual(1);
    console.log(`calls-ring-sweep: the late ring was ended by ${ours === 1 ? 'this test’s host' : 'process 2'}`);
  }, 60_000);
});
