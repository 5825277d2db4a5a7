/**
 * One request id in our logs and the balancer's (plugins/request-id.ts): behind a trusted
 * proxy its sane X-Request-Id is ours too; otherwise, or when it is not sane, we make one.
 * Every answer, refusals included, echoes it.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { startTestServer, type TestServer } from '../support/server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HAPROXY_ID = '7F000001:C5A2_7F000001:1F90_67489A2B_0001:3A2F';

describe('request ids', () => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([startTestServer(), startTestServer({ trustProxy: 1 })]);
  });
  afterAll(async () => {
    await Promise.all([direct?.close(), proxied?.close()]);
  });

  const idOf = async (s: TestServer, path: string, header?: string) =>
    (await s.call('GET', path, { headers: header === undefined ? {} : { 'x-request-id': header } })).headers.get('x-request-id');

  it('takes the balancer’s id behind a trusted proxy', async () => {
    expect(await idOf(proxied, 'health/live', HAPROXY_ID)).toBe(HAPROXY_ID);
    expect(await idOf(proxied, 'health/live', 'abc.DEF-123_x')).toBe('abc.DEF-123_x');
    // Refusals carry it too: a 401 and a 404.
    expect(await idOf(proxied, 'utilization/report', HAPROXY_ID)).toBe(HAPROXY_ID);
    expect(await idOf(proxied, 'no/such/route', HAPROXY_ID)).toBe(HAPROXY_ID);
  });

  it('makes its own when the id is not a sane token', async () => {
    for (const bad of ['a'.repeat(65), 'has space', 'semi;colon', 'quote"', 'ünicode', '']) {
      const id = await idOf(proxied, 'health/live', bad);
      expect(id).toMatch(UUID);
    }
  });

  it('never takes a client’s id without a trusted proxy, and always answers one', async () => {
    expect(await idOf(direct, 'health/live', HAPROXY_ID)).toMatch(UUID);
    const first = await idOf(direct, 'health/live');
    const second = await idOf(direct, 'health/live');
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(first).not.toBe(second);
  });

  it('carries it on an address the router cannot read', async () => {
    const r = await fetch(`${proxied.url}/api/v1/%C3%28`, { headers: { 'x-request-id': HAPROXY_ID } });
    expect(r.status).toBe(400);
    expect(r.headers.get('x-request-id')).toBe(HAPROXY_ID);
  });

  it('is the reqId of the structured log lines', async () => {
    const lines: { reqId?: string; msg?: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = await buildApp({ trustProxy: 1, logger: { level: 'info', stream } });
    try {
      const r = await app.inject({ url: '/api/v1/health/live', headers: { 'x-request-id': HAPROXY_ID } });
      expect(r.headers['x-request-id']).toBe(HAPROXY_ID);
      expect(lines.filter((l) => l.reqId === HAPROXY_ID).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await app.close();
    }
  });
});
