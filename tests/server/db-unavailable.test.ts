/**
 * A database that is away answers 503 with Retry-After, not 500 (plugins/errors.ts,
 * db/unavailable.ts): the errors node-postgres and PostgreSQL give while it restarts, as
 * constructed objects; then on PostgreSQL a real restart, played by a TCP proxy that is cut
 * and refuses connections — the process survives a transaction caught in it, readiness and
 * routes answer 503, and everything (the write notices' listening connection too) comes
 * back by itself when PostgreSQL does.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_PATHS } from '../../src/contract/user';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';
import { setupErrors, UNAVAILABLE_MESSAGE } from '../../src/server/plugins/errors';
import { NOT_READY } from '../../src/server/plugins/health';
import { createDatabase, onPostgres } from '../support/postgres';
import { startTestServer, type TestMember, type TestServer } from '../support/server';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const refused = (address: string) => withCode(`connect ECONNREFUSED ${address}:5432`, 'ECONNREFUSED');

const AWAY: [string, Error][] = [
  ['57P01 admin_shutdown', withCode('terminating connection due to administrator command', '57P01')],
  ['57P03 cannot_connect_now', withCode('the database system is starting up', '57P03')],
  ['08006 connection_failure', withCode('connection failure', '08006')],
  ['08001 unable to connect', withCode('could not connect to server', '08001')],
  ['08P01 PgBouncer while PostgreSQL restarts', withCode('server login has been failing, try again later (server_login_retry)', '08P01')],
  ['ECONNREFUSED', refused('127.0.0.1')],
  ['both addresses refused', new AggregateError([refused('::1'), refused('127.0.0.1')], 'connect failed')],
  ['connection terminated', new Error('Connection terminated unexpectedly')],
  ['pool acquire timeout', new Error('timeout exceeded when trying to connect')],
  ['connect timeout', new Error('Connection terminated due to connection timeout')],
  ['wrapped by Drizzle', new Error('Failed query: select 1', { cause: withCode('terminating connection due to administrator command', '57P01') })],
];
const OURS: [string, Error, number][] = [
  ['a bug', new Error('boom'), 500],
  ['a unique violation that escaped', withCode('duplicate key value', '23505'), 500],
  ['a missing table', withCode('relation "x" does not exist', '42P01'), 500],
  ['bad input (class 22)', withCode('invalid input syntax', '22P02'), 400],
];

describe('database errors', () => {
  const app = Fastify();
  beforeAll(async () => {
    setupErrors(app);
    const all = [...AWAY.map(([name, error]) => [name, error] as const), ...OURS.map(([name, error]) => [name, error] as const)];
    all.forEach(([, error], i) =>
      app.get(`/e/${i}`, async () => {
        throw error;
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(AWAY.map(([name], i) => [name, i] as const))('%s → 503 with Retry-After', async (_name, i) => {
    const r = await app.inject(`/e/${i}`);
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe('2');
    expect(r.json()).toEqual({ code: 503, message: UNAVAILABLE_MESSAGE });
  });

  it.each(OURS.map(([name, , status], i) => [name, AWAY.length + i, status] as const))('%s stays %i', async (_name, i, status) => {
    const r = await app.inject(`/e/${i}`);
    expect(r.statusCode).toBe(status);
    expect(r.headers['retry-after']).toBeUndefined();
  });
});

/** PostgreSQL behind a proxy the test can cut (a restart: sockets dropped, port refused) and bring back. */
async function proxyTo(port: number): Promise<{ port: number; down: () => Promise<void>; up: () => Promise<void>; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server;
  let listenPort = 0;
  const up = async () => {
    server = createServer((client) => {
      const upstream = connect(port, '127.0.0.1');
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
    listenPort = (server.address() as AddressInfo).port;
  };
  const down = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  await up();
  return { port: listenPort, up, down, close: down };
}

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('PostgreSQL restarting', () => {
  let made: { url: string; drop: () => Promise<void> };
  let proxy: Awaited<ReturnType<typeof proxyTo>>;
  let s: TestServer;
  let m: TestMember;
  const listening = () =>
    onPostgres(serverUrl!, async (c) => {
      const { rows } = await c.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and query = 'listen billionett_writes'`, [new URL(made.url).pathname.slice(1)]);
      return (rows[0] as { n: number }).n;
    });
  const eventually = async (check: () => Promise<boolean>, ms = 10_000) => {
    const until = Date.now() + ms;
    while (!(await check()) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await check()).toBe(true);
  };

  beforeAll(async () => {
    made = await createDatabase(serverUrl!, 'bt_restart');
    proxy = await proxyTo(Number(new URL(serverUrl!).port || 5432));
    const viaProxy = new URL(made.url);
    viaProxy.port = String(proxy.port);
    s = await startTestServer({ existing: { databaseUrl: viaProxy.toString() } });
    m = await s.signUpMember();
  });
  afterAll(async () => {
    await s?.close();
    await proxy?.close().catch(() => {});
    await made?.drop();
  });

  it('answers 503 while it is away and recovers by itself', async () => {
    expect(await listening()).toBe(1);
    // A transaction is open when PostgreSQL goes: its client errors while checked out of the
    // pool, which must fail the transaction, not crash the process.
    const caught = s.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await onPostgres(serverUrl!, (c) => c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [new URL(made.url).pathname.slice(1)]));
        await proxy.down();
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(await caught)).toBe(true);

    const ready = await s.call('GET', 'health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('2');
    expect(ready.body).toEqual({ code: 503, message: NOT_READY.database });
    expect((await s.call('GET', 'health/live')).status).toBe(200);
    const write = await s.call('PUT', USER_PATHS.updateAbout(m.userCode), { token: m.token, body: { about: 'while away' } });
    expect(write.status).toBe(503);
    expect(write.headers.get('retry-after')).toBe('2');
    expect(write.body).toEqual({ code: 503, message: UNAVAILABLE_MESSAGE });

    await proxy.up();
    await eventually(async () => (await s.call('GET', 'health/ready')).status === 200);
    expect((await s.call('PUT', USER_PATHS.updateAbout(m.userCode), { token: m.token, body: { about: 'back' } })).status).toBe(201);
    // The write notices listen again (db/pg-write-clock.ts retries every second).
    await eventually(async () => (await listening()) === 1);
  });
});
