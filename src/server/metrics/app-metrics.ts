/**
 * This process's metrics in the Prometheus text format (prom-client, Apache-2.0). Collected
 * only when asked for (METRICS_PORT, or a WORKERS process whose primary serves them all:
 * listener.ts); otherwise `app.metrics` is null and no hook runs.
 *
 * What is measured, and where it comes from:
 * - http_request_duration_seconds{method, route, status_code}: every answer, by the route's
 *   pattern (never the raw URL: one series per route, not per member or entry). A batch's
 *   items run through the app's own routes (plugins/batch.ts) and count under theirs too.
 * - billionett_idempotent_replays_total: answers that replayed a stored first answer
 *   (plugins/idempotency.ts sendWrite marks them Idempotent-Replayed).
 * - billionett_outbox_batch_items: how many writes a POST /batch carried.
 * - billionett_db_pool_{connections, idle_connections, waiting_clients}{pool}: the
 *   node-postgres pools (db/client.ts poolStats), read at each scrape.
 * - billionett_push_queue_depth (read from the shared queue at each scrape) and
 *   billionett_push_sends_total{outcome}: sent, retry (the push service failed or is
 *   unreachable), gone (the device unsubscribed), dropped (refused, or nothing to say).
 * - billionett_websockets_open: this process's telex sockets.
 * - prom-client's default process metrics (CPU, memory, event loop lag, GC, handles).
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type GaugeConfiguration } from 'prom-client';
import { BATCH_PATH } from '../../contract/batch';
import { API_BASE } from '../../contract/codes';
import type { Database } from '../db/client';
import type { PushOutcome } from '../push/sender';
import { queueDepth } from '../push/queue';
import { serveMetrics, type MetricsListen } from './listener';

export type AppMetrics = {
  registry: Registry;
  /** push/sender.ts's verdict on one job (plugins/bulletins.ts reports each). */
  pushSent(outcome: PushOutcome): void;
  /** `http://host:port/metrics` when this process serves its own (not as a WORKERS process). */
  url?: string;
};

export type MetricsOptions = {
  /** Serve them on a port of their own (METRICS_PORT); unset: collect only (a WORKERS process). */
  listen?: MetricsListen;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Null unless metrics were asked for (AppOptions.metrics). */
    metrics: AppMetrics | null;
  }
}

const BATCH_URL = `${API_BASE}/${BATCH_PATH}`;
/** Slow enough to wait on the shared queue's count, short of a scrape's timeout. */
const SCRAPE_QUERY_MS = 1000;

/** Call on the root instance before the routes (their answers are timed by its hook). */
export async function setupMetrics(app: FastifyInstance, options: MetricsOptions | undefined, database: Pick<Database, 'poolStats'>): Promise<void> {
  if (!options) {
    app.decorate('metrics', null);
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const replays = new Counter({ name: 'billionett_idempotent_replays_total', help: 'Writes answered with their stored first answer (a resent Idempotency-Key).', registers });
  const batchItems = new Histogram({
    name: 'billionett_outbox_batch_items',
    help: 'Writes carried by one outbox batch (POST /api/v1/batch).',
    buckets: [1, 2, 3, 5, 10, 20, 30, 40, 50],
    registers,
  });
  const pushSends = new Counter({
    name: 'billionett_push_sends_total',
    help: 'Push jobs handled, by outcome: sent, retry (push service failed), gone (device unsubscribed), dropped (refused or stale).',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Gauges read when scraped, from what the process already holds.
  const scraped = (config: GaugeConfiguration<string>) => new Gauge({ ...config, registers });
  scraped({
    name: 'billionett_push_queue_depth',
    help: 'Push jobs in the shared queue, due or waiting for a retry.',
    // Every process reads the same queue: across WORKERS the highest reading, not the sum.
    aggregator: 'max',
    async collect() {
      const depth = await withinMs(queueDepth(app.db), SCRAPE_QUERY_MS);
      if (depth !== null) this.set(depth);
    },
  });
  scraped({
    name: 'billionett_websockets_open',
    help: 'Telex sockets open on this process.',
    collect() {
      this.set(app.hasDecorator('telex') ? app.telex.all.size : 0);
    },
  });
  poolGauges(registers, database.poolStats);

  app.addHook('onResponse', async (request, reply) => {
    // A socket's "response" ends with the socket: its life is not a request's duration.
    if (request.ws) return;
    const route = request.routeOptions.url ?? 'unmatched';
    durations.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.getHeader('idempotent-replayed') === 'true') replays.inc();
    if (route === BATCH_URL && reply.statusCode === 200) {
      const items = (request.body as { items?: unknown[] } | undefined)?.items;
      if (Array.isArray(items)) batchItems.observe(items.length);
    }
  });

  const metrics: AppMetrics = { registry, pushSent: (outcome) => pushSends.inc({ outcome }) };
  if (options.listen) {
    const served = await serveMetrics(options.listen, async () => ({ contentType: registry.contentType, body: await registry.metrics() }));
    metrics.url = served.url;
    app.addHook('onClose', served.close);
  }
  app.decorate('metrics', metrics);
}

type PoolStat = ReturnType<NonNullable<Database['poolStats']>>[number];

function poolGauges(registers: Registry[], stats: Database['poolStats']): void {
  if (!stats) return;
  const gauge = (name: string, help: string, read: (s: PoolStat) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers,
      collect() {
        for (const s of stats()) this.set({ pool: s.pool }, read(s));
      },
    });
  gauge('billionett_db_pool_connections', 'PostgreSQL connections the pool holds (main: every statement; feed: the feed pages).', (s) => s.total);
  gauge('billionett_db_pool_idle_connections', 'PostgreSQL connections of the pool not in use.', (s) => s.idle);
  gauge('billionett_db_pool_waiting_clients', 'Queries waiting for a connection of the pool.', (s) => s.waiting);
}

/** The value, or null when it failed or took longer than `ms` (a scrape must not hang on the database). */
async function withinMs<T>(value: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([value.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}
