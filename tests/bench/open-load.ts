/**
 * A fixed request rate, kept open-loop: request i is due at start + i / rate whatever became
 * of the ones before it, and its latency runs from when it was due, not from when it could be
 * sent — a server that falls behind shows it in full (wrk2's method; no coordinated omission).
 *
 * Why not autocannon, used before: its rate limit lets each connection send its whole second's
 * quota back to back at the top of every second (500 requests in a burst, then nothing), and
 * its correction for coordinated omission takes the expected interval as `Math.ceil(1 / rate)`
 * — 1 ms where a connection's interval is 1000 / rate ms — so every response of n ms added
 * n − 1 made-up samples, and a few slow ones outweighed the rest in every percentile.
 *
 * LOAD_TRACE=1 prints each response slower than 20 ms with when it was due: stalls that come
 * back on a period point at a timer (that is how the bulletins' poll was found, write-clock.ts).
 */
import { Agent, request } from 'node:http';

/** A GET unless `method` says otherwise; `body` is sent as it is (set its content-type in `headers`). */
export type LoadRequest = { path: string; headers?: Record<string, string>; method?: string; body?: string };
export type LoadResult = { p50: number; p99: number; max: number; served: number; failed: number; perSecond: number };

/** The q-quantile (0..1) of sorted values, nearest rank. */
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

/**
 * Sends `requests` in turn at `rate` a second for `seconds` against `url`; latencies in ms
 * (rounded to 0.1). Sockets are kept alive and opened as needed (up to `maxSockets`), so
 * requests never wait for a connection the generator chose to hold back.
 */
export async function openLoad(opts: { url: string; rate: number; seconds: number; requests: LoadRequest[]; maxSockets?: number }): Promise<LoadResult> {
  const { hostname, port } = new URL(opts.url);
  const agent = new Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? 256 });
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  let failed = 0;
  let sent = 0;
  const start = performance.now();
  const one = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const r = opts.requests[i % opts.requests.length]!;
      const req = request({ agent, hostname, port, path: r.path, method: r.method ?? 'GET', headers: { 'accept-encoding': 'gzip', ...r.headers } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300) {
            const ms = Math.round((performance.now() - due) * 10) / 10;
            latencies.push(ms);
            if (process.env.LOAD_TRACE && ms > 20) console.error('slow', ((due - start) / 1000).toFixed(3), ms);
          }
          else failed += 1;
          resolve();
        });
      });
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        failed += 1;
        resolve();
      });
      req.end(r.body);
    });
  const inFlight: Promise<void>[] = [];
  // Every millisecond or so, send whatever has come due (timers are coarse; the schedule is not).
  while (sent < total) {
    const now = performance.now();
    while (sent < total && start + (sent * 1000) / opts.rate <= now) {
      inFlight.push(one(sent, start + (sent * 1000) / opts.rate));
      sent += 1;
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: latencies.at(-1) ?? 0, served: latencies.length, failed, perSecond: Math.round(latencies.length / elapsed) };
}
