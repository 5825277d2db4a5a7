/**
 * Two real API processes sharing PostgreSQL and Redis act as one telex: member A on
 * process 1 and member B on process 2 see each other come online and go offline, exchange
 * messages both ways, and the delivered/read statuses cross back. Needs DATABASE_URL and
 * REDIS_URL (`.ci/run` sets both); without them the file says why it did not run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS } from '../../src/contract/chat';
import { freePort } from '../support/chaos';
import { startCluster, type Cluster } from '../support/processes';
import { befriend, TelexClient } from '../support/telex';

const envDatabaseUrl = process.env.DATABASE_URL;
const envRedisUrl = process.env.REDIS_URL;
const missing = [!envDatabaseUrl && 'DATABASE_URL', !envRedisUrl && 'REDIS_URL'].filter(Boolean);

// Exactly one of the two lists has an entry (the lint rightly bans conditional tests).
const notRun = missing.length > 0 ? [`chat-redis: not run: ${missing.join(' and ')} not set (two API processes need a shared PostgreSQL and Redis)`] : [];
const targets = missing.length > 0 ? [] : [{ databaseUrl: envDatabaseUrl!, redisUrl: envRedisUrl! }];

describe.each(notRun)('telex across two processes', (reason) => {
  it('says why it did not run', () => {
    console.log(reason);
    expect(reason).toContain('not run');
  });
});

describe.each(targets)('telex across two processes with Redis', ({ databaseUrl, redisUrl }) => {
  let cluster: Cluster;
  const sockets: TelexClient[] = [];
  beforeAll(async () => {
    cluster = await startCluster({ databaseUrl, redisUrl, count: 2 });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await cluster?.close();
  });

  it('A on process 1 and B on process 2 exchange messages and see presence', async () => {
    const p1 = cluster.processes[0]!;
    const p2 = cluster.processes[1]!;
    const a = await cluster.signUp(p1);
    const b = await cluster.signUp(p2);
    await befriend(p1.api, a, b);

    const ca = await TelexClient.open(p1.url, a);
    sockets.push(ca);
    const cb = await TelexClient.open(p2.url, b);
    sockets.push(cb);
    // B's login snapshot knows A is online on the other process; A is told B came online.
    expect(await cb.next((f) => f.type === 'presence' && f.userCode === a.userCode)).toMatchObject({ isOnline: true });
    expect(await ca.next((f) => f.type === 'presence' && f.userCode === b.userCode)).toMatchObject({ isOnline: true });
    const friends = await fetch(`${p2.api}/${CHAT_PATHS.friends}`, { headers: { authorization: `Bearer ${b.token}` } });
    expect(((await friends.json()) as { data: { onlineFriends: { isOnline: boolean }[] } }).data.onlineFriends[0]!.isOnline).toBe(true);

    const toB = ca.telex(b.userCode, 'Hello from process 1');
    await ca.next((f) => f.type === 'ack' && f.id === toB);
    expect(await cb.next((f) => f.type === 'message' && f.id === toB)).toMatchObject({ sender: a.userCode, body: 'Hello from process 1' });
    const toA = cb.telex(a.userCode, 'Hello from process 2');
    await cb.next((f) => f.type === 'ack' && f.id === toA);
    expect(await ca.next((f) => f.type === 'message' && f.id === toA)).toMatchObject({ sender: b.userCode, body: 'Hello from process 2' });

    cb.send({ type: 'delivered', ids: [toB] });
    expect(await ca.next((f) => f.type === 'status' && f.status === 'delivered')).toMatchObject({ ids: [toB] });
    cb.send({ type: 'read', ids: [toB] });
    expect(await ca.next((f) => f.type === 'status' && f.status === 'read')).toMatchObject({ ids: [toB] });

    // A second tab of A on process 2 sees what A sends from process 1.
    const ca2 = await TelexClient.open(p2.url, a);
    sockets.push(ca2);
    const again = ca.telex(b.userCode, 'Both tabs');
    expect(await ca2.next((f) => f.type === 'message' && f.id === again)).toMatchObject({ sender: a.userCode });
    await ca2.close();
    // A is still online on process 1: B hears nothing about A going offline.
    await new Promise((r) => setTimeout(r, 300));
    const after = ca.telex(b.userCode, 'Still here');
    await cb.next((f) => f.type === 'message' && f.id === after);
    expect(cb.inbox.some((f) => f.type === 'presence' && f.userCode === a.userCode && !f.isOnline)).toBe(false);

    await cb.close();
    expect(await ca.next((f) => f.type === 'presence' && f.userCode === b.userCode && !f.isOnline)).toMatchObject({ isOnline: false });
  });
});

/** A redis-server of the test's own (the machine's one must not be killed), on a free port. */
async function ownRedis(): Promise<{ url: string; start(): Promise<void>; kill(): Promise<void> }> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'pipe' });
      await new Promise<void>((resolve, reject) => {
        child!.stdout!.on('data', (d: Buffer) => d.toString().includes('Ready to accept connections') && resolve());
        child!.once('exit', (code) => reject(new Error(`redis-server exited ${code}`)));
      });
    },
    async kill() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe.each(targets)('telex while Redis is away', ({ databaseUrl }) => {
  let cluster: Cluster;
  let redis: Awaited<ReturnType<typeof ownRedis>>;
  const sockets: TelexClient[] = [];
  beforeAll(async () => {
    redis = await ownRedis();
    await redis.start();
    cluster = await startCluster({ databaseUrl, redisUrl: redis.url, count: 2 });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await cluster?.close();
    await redis?.kill();
  });

  it('tells every socket the link is down, keeps storing and answering, and delivers live again once it is back', async () => {
    const [p1, p2] = cluster.processes as [(typeof cluster.processes)[0], (typeof cluster.processes)[0]];
    const a = await cluster.signUp(p1);
    const b = await cluster.signUp(p2);
    await befriend(p1.api, a, b);
    const ca = await TelexClient.open(p1.url, a);
    const cb = await TelexClient.open(p2.url, b);
    sockets.push(ca, cb);
    await ca.next((f) => f.type === 'presence' && f.userCode === b.userCode);

    await redis.kill();
    expect(await ca.next((f) => f.type === 'link')).toEqual({ type: 'link', state: 'down' });
    expect(await cb.next((f) => f.type === 'link')).toEqual({ type: 'link', state: 'down' });

    // A login meanwhile is let in at once and told; presence and reads answer from this process.
    const late = await TelexClient.connect(p2.url);
    sockets.push(late);
    const session = await late.next((f) => f.type === 'session');
    late.send({ type: 'login', userName: b.userCode, userId: b.userCode, dest: '/telex', sessionId: session.type === 'session' ? session.sessionId : '', token: b.token });
    expect(await late.next((f) => f.type === 'ready')).toMatchObject({ link: 'down' });
    const friends = await fetch(`${p2.api}/${CHAT_PATHS.friends}`, { headers: { authorization: `Bearer ${b.token}` }, signal: AbortSignal.timeout(5000) });
    expect(friends.status).toBe(200);
    // A send is stored and acknowledged; B gets it with the next login's backlog at the latest.
    const during = ca.telex(b.userCode, 'While Redis is away');
    expect(await ca.next((f) => f.type === 'ack' && f.id === during)).toMatchObject({ status: 'sent' });

    await redis.start();
    expect(await ca.next((f) => f.type === 'link', 15_000)).toEqual({ type: 'link', state: 'up' });
    expect(await cb.next((f) => f.type === 'link', 15_000)).toEqual({ type: 'link', state: 'up' });
    const after = ca.telex(b.userCode, 'Redis is back');
    expect(await cb.next((f) => f.type === 'message' && f.id === after, 10_000)).toMatchObject({ body: 'Redis is back' });
    const again = await TelexClient.open(p2.url, b);
    sockets.push(again);
    await again.next((f) => f.type === 'message' && f.id === during);
  });
});
