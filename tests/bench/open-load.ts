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
import { wirePool } from './wire-client';

/** A GET unless `method` says otherwise; `body` is sent as it is (set its content-type in `headers`). */
export type LoadRequest = { path: string; headers?: Record<string, string>; method?: string; body?: string };
/** `generatorCpuMs`: the generator's own CPU (user + system) per request served, from the first send to the last answer. */
export type LoadResult = { p50: number; p99: number; max: number; served: number; failed: number; perSecond: number; generatorCpuMs: number };

/** The q-quantile (0..1) of sorted values, nearest rank. */
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

/**
 * Sends `requests` in turn at `rate` a second for `seconds` against `url`; latencies in ms
 * (rounded to 0.1). Connections are kept alive and opened as needed (up to `maxSockets`), so
 * requests never wait for a connection the generator chose to hold back; each request's
 * bytes are built once, and answers are read no further than their length (wire-client.ts).
 */
export async function openLoad(opts: { url: string; rate: number; seconds: number; requests: LoadRequest[]; maxSockets?: number }): Promise<LoadResult> {
  const pool = wirePool(opts.url, opts.maxSockets ?? 256);
  const bytes = opts.requests.map((r) => pool.bytesOf({ ...r, headers: { 'accept-encoding': 'gzip', ...r.headers } }));
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  let failed = 0;
  let sent = 0;
  const start = performance.now();
  const dueAt = (i: number) => start + (i * 1000) / opts.rate;
  const cpuAtStart = process.cpuUsage();
  const one = async (i: number, due: number) => {
    try {
      const { status } = await pool.request(bytes[i % bytes.length]!, 10_000);
      if (status < 200 || status >= 300) return void (failed += 1);
      const ms = Math.round((performance.now() - due) * 10) / 10;
      latencies.push(ms);
      if (process.env.LOAD_TRACE && ms > 20) console.error('slow', ((due - start) / 1000).toFixed(3), ms);
    } catch {
      failed += 1;
    }
  };
  const inFlight: Promise<void>[] = [];
  // Send whatever has come due, then sleep until the next is (timers are coarse, 1 ms at least; the schedule is not).
  while (sent < total) {
    const now = performance.now();
    while (sent < total && dueAt(sent) <= now) {
      inFlight.push(one(sent, dueAt(sent)));
      sent += 1;
    }
    await new Promise((r) => setTimeout(r, Math.max(1, Math.floor(dueAt(sent) - performance.now()))));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  pool.close();
  latencies.sort((a, b) => a - b);
  const cpu = process.cpuUsage(cpuAtStart);
  const generatorCpuMs = Math.round((cpu.user + cpu.system) / 10 / Math.max(1, latencies.length)) / 100;
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: latencies.at(-1) ?? 0, served: latencies.length, failed, perSecond: Math.round(latencies.length / elapsed), generatorCpuMs };
}
