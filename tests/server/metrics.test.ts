/**
 * Prometheus metrics (metrics/app-metrics.ts, metrics/listener.ts): on a listener of their
 * own, never the public port; request durations by route pattern (never a raw URL),
 * idempotent replays, batch sizes, open sockets, the PostgreSQL pools, the push queue and
 * the process's defaults; and a scrape promtool accepts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CHAT_SOCKET_PATH } from '../../src/contract/chat';
import { USER_PATHS } from '../../src/contract/user';
import { dbTargets, startTestServer, type TestServer } from '../support/server';

const ALERTS = 'docs/deploy/alerts.yml';
/** Debian's prometheus package has it; .ci/run installs it, so CI never passes without it. */
const promtool = spawnSync('promtool', ['--version']).status === 0;

describe.each(dbTargets())('metrics on $name', ({ name, databaseUrl }) => {
  let s: TestServer;
  let url: string;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl, metrics: { listen: { port: 0, host: '127.0.0.1' } } });
    url = s.app.metrics!.url!;
  });
  afterAll(async () => {
    await s?.close();
  });

  const scrape = async () => {
    const r = await fetch(url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/plain');
    return r.text();
  };
  /** The sample `line` (name and labels as printed) and its value. */
  const valueOf = (text: string, line: string) => {
    const found = text.split('\n').find((l) => l.startsWith(`${line} `));
    return found === undefined ? undefined : Number(found.slice(line.length + 1));
  };

  it('listens on its own port for GET /metrics only; the public port has none', async () => {
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect(new URL(url).port).not.toBe(new URL(s.url).port);
    expect((await fetch(url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(url, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${s.url}/metrics`)).status).toBe(404);
  });

  it('counts requests by route pattern, replays, batch sizes, sockets and pools', async () => {
    const m = await s.signUpMember();
    const about = (text: string, key: string) =>
      s.call('PUT', USER_PATHS.updateAbout(m.userCode), { token: m.token, body: { about: text }, headers: { 'idempotency-key': key } });
    expect((await about('first', 'metrics-1')).status).toBe(201);
    const replay = await about('first', 'metrics-1');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const items = ['a', 'b', 'c'].map((text, i) => ({ method: 'PUT', path: USER_PATHS.updateAbout(m.userCode), body: { about: text }, key: `metrics-batch-${i}` }));
    expect((await s.call('POST', 'batch', { token: m.token, body: { items } })).status).toBe(200);
    const ws = new WebSocket(`${s.url.replace('http', 'ws')}${CHAT_SOCKET_PATH}`);
    await once(ws, 'message');

    const text = await scrape();
    ws.close();
    const route = '/api/v1/update/user/about/:userCode';
    // The alone write, its replay and the batch's three items, all under the route's pattern.
    expect(valueOf(text, `http_request_duration_seconds_count{method="PUT",route="${route}",status_code="201"}`)).toBe(5);
    expect(valueOf(text, `http_request_duration_seconds_count{method="POST",route="/api/v1/batch",status_code="200"}`)).toBe(1);
    // Never a raw URL: the member's code appears in no label.
    expect(text).not.toContain(m.userCode);
    expect(valueOf(text, 'billionett_idempotent_replays_total')).toBe(1);
    expect(valueOf(text, 'billionett_outbox_batch_items_count')).toBe(1);
    expect(valueOf(text, 'billionett_outbox_batch_items_sum')).toBe(3);
    expect(valueOf(text, 'billionett_websockets_open')).toBe(1);
    expect(valueOf(text, 'billionett_push_queue_depth')).toBe(0);
    expect(text).toContain('# TYPE billionett_push_sends_total counter');
    // prom-client's process defaults.
    for (const metric of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(text).toContain(`# TYPE ${metric} `);
    }
    // The PostgreSQL pools; the embedded database has none.
    const pooled = name === 'postgres';
    expect(valueOf(text, 'billionett_db_pool_connections{pool="main"}')! > 0).toBe(pooled);
    expect(valueOf(text, 'billionett_db_pool_idle_connections{pool="main"}') !== undefined).toBe(pooled);
    expect(valueOf(text, 'billionett_db_pool_waiting_clients{pool="feed"}')).toBe(pooled ? 0 : undefined);
    expect(text.includes('billionett_db_pool_')).toBe(pooled);
  });

  // runIf, not skip: in CI (.ci/run installs prometheus) a missing promtool fails here.
  it.runIf(promtool || process.env.CI)('is a scrape promtool accepts', async () => {
    expect(promtool, 'promtool is missing: apt-get install prometheus').toBe(true);
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: await scrape(), encoding: 'utf8' });
    const problems = `${checked.stdout}${checked.stderr}`.split('\n').filter(Boolean);
    // prom-client's own defaults name three gauges `_total` (a lint finding, exit 3, not a
    // parse error); everything else, ours included, must be clean.
    const theirs = /^nodejs_active_(handles|requests|resources)_total non-counter metrics should not have "_total" suffix$/;
    expect(problems.filter((line) => !theirs.test(line))).toEqual([]);
    expect(checked.status).toBe(problems.length > 0 ? 3 : 0);
  });

  // The operators' alert rules (docs/deploy/alerts.yml) parse, and name only metrics a host serves.
  it.runIf(promtool || process.env.CI)('has alert rules promtool accepts, on metrics this scrape serves', async () => {
    expect(promtool, 'promtool is missing: apt-get install prometheus').toBe(true);
    const checked = spawnSync('promtool', ['check', 'rules', ALERTS], { encoding: 'utf8' });
    expect(`${checked.stdout}${checked.stderr}`).toContain('SUCCESS: 7 rules found');
    // Every family the scrape declares (a labelled counter has no sample before its first count);
    // the pools are PostgreSQL's alone (the embedded database has none).
    const text = await scrape();
    const families = [...text.matchAll(/^# TYPE (\w+) (\w+)$/gm)].flatMap(([, family, type]) => (type === 'histogram' ? [`${family}_bucket`, `${family}_count`] : [family!]));
    const served = new Set(families);
    const named = [...readFileSync(ALERTS, 'utf8').matchAll(/expr: (.*)/g)].flatMap(([, expr]) => [...expr!.matchAll(/\b((?:http|billionett|nodejs)_\w+)\{/g)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThan(6);
    const pooled = name === 'postgres';
    expect(named.filter((metric) => !served.has(metric) && (pooled || !metric.startsWith('billionett_db_pool_')))).toEqual([]);
  });
});
