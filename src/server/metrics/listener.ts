/**
 * Where Prometheus scrapes: a listener of its own on METRICS_PORT, bound to METRICS_HOST
 * (loopback unless the operator says otherwise), answering GET /metrics and nothing else.
 * Never on the public port: the numbers (routes, pool sizes, queue depth) are for the
 * operator, and a scrape must not pass through the balancer to a random process.
 *
 * With WORKERS=N the primary listens and asks every API process for its registry over the
 * cluster's IPC (prom-client's AggregatorRegistry), so one scrape sees them all: counters
 * and histograms summed, each metric's own rule otherwise.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AggregatorRegistry, type PrometheusContentType, type Registry } from 'prom-client';

export type MetricsListen = { port: number; host: string };
export type Scrape = () => Promise<{ contentType: string; body: string }>;

/** METRICS_PORT / METRICS_HOST: unset port → no metrics at all; a bad one stops the start. */
export function metricsListen(env: NodeJS.ProcessEnv): MetricsListen | undefined {
  const value = env.METRICS_PORT;
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`METRICS_PORT must be a port number (1 to 65535), not "${value}".`);
  return { port, host: env.METRICS_HOST || '127.0.0.1' };
}

export async function serveMetrics(listen: MetricsListen, scrape: Scrape): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n');
    if (request.method !== 'GET') return void response.writeHead(405, { allow: 'GET', 'content-type': 'text/plain' }).end('Method not allowed.\n');
    scrape().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`Metrics failed: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let ipc: AggregatorRegistry<PrometheusContentType> | undefined;

/**
 * A WORKERS process: answer the primary's requests for metrics. Called at the process's
 * start, before its app exists (a scrape then gets nothing from it rather than waiting for
 * the primary's five-second timeout); `report(registry)` once the app is built.
 */
export function answerPrimary(): { report: (registry: Registry) => void } {
  AggregatorRegistry.setRegistries([]);
  // The constructor installs the IPC listener (once per process).
  ipc ??= new AggregatorRegistry();
  return { report: (registry) => AggregatorRegistry.setRegistries([registry]) };
}

/** The primary of WORKERS=N: one scrape, every API process's metrics. */
export function clusterScrape(): Scrape {
  const aggregator = new AggregatorRegistry();
  return async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() });
}
