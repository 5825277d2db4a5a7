/**
 * Readiness tells busy from down (plugins/health.ts): a probe that fails is "not ready" at
 * once; one that is only late, while the database answered a moment ago, is a host under load
 * — still ready, or a balancer would take every busy host out at once and answer nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_IS_READY_MS, READY_TIMEOUT_MS } from '../../src/server/plugins/health';
import { startTestServer, type TestServer } from '../support/server';

describe('readiness under load', () => {
  let s: TestServer;
  let execute: TestServer['app']['db']['execute'];
  // Queries held back while the pool is "saturated", let through afterwards (the server's own
  // background work — the push queue's poll — must not be left hanging at close).
  const held: (() => void)[] = [];
  const release = () => held.splice(0).forEach((go) => go());
  beforeAll(async () => {
    s = await startTestServer();
    execute = s.app.db.execute.bind(s.app.db);
  });
  afterAll(async () => {
    s.app.db.execute = execute;
    release();
    await s?.close();
  });

  it('is not ready at once when the probe fails', async () => {
    s.app.db.execute = (() => Promise.reject(new Error('connection refused'))) as never;
    expect((await s.call('GET', 'health/ready')).status).toBe(503);
    s.app.db.execute = execute;
    expect((await s.call('GET', 'health/ready')).status).toBe(200);
  });

  it('stays ready while the probe waits behind busy queries, and not past a few seconds of it', async () => {
    expect((await s.call('GET', 'health/ready')).status).toBe(200);
    // Every query now waits (a saturated pool): the probe is late, not failed.
    s.app.db.execute = ((query: never) => new Promise((resolve) => held.push(() => resolve(execute(query))))) as never;
    const busy = await s.call('GET', 'health/ready');
    expect(busy.status).toBe(200);
    await new Promise((r) => setTimeout(r, BUSY_IS_READY_MS + 100 - READY_TIMEOUT_MS));
    expect((await s.call('GET', 'health/ready')).status).toBe(503);
  });
});
