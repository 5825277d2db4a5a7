/**
 * How the feed's cost grows with the community (issue 13): for 1,000, 10,000 and 100,000
 * generated members (`npm run admin -- seed-scale`, ten entries each, on a fresh PostgreSQL
 * database beside the demo community), a mix of feed pages — home, home filtered to entries,
 * another member's suite, a search — from FEED_MEMBERS distinct signed-in members at a fixed
 * 500 requests/s for 10 s (open-load.ts), and one page at a time without load (the server's time for one
 * page, database included, over loopback), and the database's own time for one page
 * (feed-db-time.ts). Then (issue 32) a home page's time in the API process — from the
 * request's arrival to its answer sent, as the server's own request histogram times it — ÷ the
 * database's time for the same statements; and at the largest size the capacity: the mix
 * ramped until p99 passes 50 ms, its knee printed. The load generator runs in a process of
 * its own (load-process.ts). Last, what a first read of each kind costs (first-read-costs.ts).
 * Run alone: `npx tsx tests/bench/feed-growth.ts` (DATABASE_URL: a PostgreSQL server to create its databases in; FEED_SIZES=1000,10000).
 */
import { API_BASE } from '../../src/contract/codes';
import { BULLETIN_PATHS } from '../../src/contract/bulletins';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { cpuMeter, cpuMsOf, postgresPids } from './cpu';
import { feedDbTime } from './feed-db-time';
import { pages, signIn } from './feed-mix';
import { measureFirstReadCosts } from './first-read-costs';
import { runLoadProcess } from './load-process';
import { type LoadRequest } from './open-load';
import { freePort } from '../support/chaos';
import { dataDirectoryOf, onPostgres, seedScale, withFreshDatabase } from './postgres';
import { startBenchServer } from './server';

type Row = { measure: string; value: string; budget: string };
type Request = LoadRequest & { headers: Record<string, string> };

const SIZES = (process.env.FEED_SIZES ?? '1000,10000,100000').split(',').map(Number);
const MEMBERS = Number(process.env.FEED_MEMBERS ?? 1000);
const RATE = 500;
const SECONDS = 10;
/** The capacity ramp: requests/s tried in turn, each for CAPACITY_SECONDS after a 2 s warm-up, until p99 passes 50 ms. */
const RAMP = [250, 500, 750, 1000, 1250, 1500, 2000, 2500];
const CAPACITY_SECONDS = 8;
const HOME = `${API_BASE}/${ENTRY_PATHS.home}`;

async function alone(url: string, requests: Request[]): Promise<number> {
  const times: number[] = [];
  for (const r of requests.slice(0, 200)) {
    const started = performance.now();
    const res = await fetch(`${url}${r.path}`, { headers: r.headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${r.path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** The server's own histogram of a route's answers: the sum of their seconds and their count. */
async function timed(metricsUrl: string, route: string): Promise<{ sum: number; count: number }> {
  const text = await (await fetch(metricsUrl)).text();
  const value = (name: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(`http_request_duration_seconds_${name}{`) && line.includes(`route="${route}"`) && line.includes('status_code="200"'))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  return { sum: value('sum'), count: value('count') };
}

/**
 * A home page's mean time in the API process, each read for the first time by its member (no
 * kept page), one at a time: what the server adds to the database's time for the same page.
 */
async function pageInApi(url: string, metricsUrl: string, members: { token: string }[]): Promise<number> {
  // Each member's account and session read first (their first request, here their bulletins):
  // the page's time is then its own statements', the ones feed-db-time.ts times.
  for (const m of members) {
    const res = await fetch(`${url}${API_BASE}/${BULLETIN_PATHS.list}?pageNo=1`, { headers: { authorization: `Bearer ${m.token}` } });
    if (res.status !== 200) throw new Error(`bulletins answered ${res.status}`);
    await res.arrayBuffer();
  }
  const before = await timed(metricsUrl, HOME);
  for (const m of members) {
    const res = await fetch(`${url}${HOME}?pageNo=1&pageSize=5`, { headers: { authorization: `Bearer ${m.token}` } });
    if (res.status !== 200) throw new Error(`home answered ${res.status}`);
    await res.arrayBuffer();
  }
  const after = await timed(metricsUrl, HOME);
  return ((after.sum - before.sum) * 1000) / (after.count - before.count);
}

/**
 * The mix ramped: each rate in turn until p99 passes 50 ms (or fewer than 95% are served); the
 * knee is the last rate that held. Each rate on a server of its own, started for it: on one
 * server every page after the first step would be a kept answer (http/kept-answers.ts), and
 * the ramp would measure those alone, not the mix's first reads.
 */
async function capacity(databaseUrl: string, requests: Request[], size: number): Promise<Row> {
  const steps: string[] = [];
  let knee = 0;
  for (const rate of RAMP) {
    const server = await startBenchServer({ databaseUrl });
    try {
      await runLoadProcess({ url: server.url, rate, seconds: 2, requests });
      const r = await runLoadProcess({ url: server.url, rate, seconds: CAPACITY_SECONDS, requests });
      steps.push(`${rate}: ${r.p99}`);
      if (r.p99 > 50 || r.failed > 0 || r.perSecond < rate * 0.95) break;
      knee = rate;
    } finally {
      await server.stop();
    }
  }
  return { measure: `capacity: feed mix at p99 ≤ 50 ms, ${size.toLocaleString('en')} members (the knee; rate: p99 ms)`, value: `${knee}/s (${steps.join(', ')})`, budget: '≥ 1,000/s; ≥ 500/s slowed' };
}

export async function measureFeedGrowth(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const size of SIZES) {
    await withFreshDatabase('bt_growth', async (url) => {
      const metricsPort = await freePort();
      const server = await startBenchServer({ databaseUrl: url, env: { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' } });
      const pgDir = await dataDirectoryOf(url);
      let requests: Request[] = [];
      try {
        seedScale(url, size);
        await onPostgres(url, (c) => c.query('analyze'));
        const dbTime = await feedDbTime(url);
        const members = await signIn(server.url, Math.min(MEMBERS, size));
        requests = pages(members);
        const one = await alone(server.url, requests);
        // Members whose pages the alone phase did not read (it read the first 50's).
        const api = await pageInApi(server.url, `http://127.0.0.1:${metricsPort}/metrics`, members.slice(Math.floor(members.length / 2), Math.floor(members.length / 2) + 100));
        const home = dbTime.find((d) => d.mode === 'home')!;
        await runLoadProcess({ url: server.url, rate: RATE, seconds: 2, requests });
        // The API's main thread apart: one thread serves every request, so it is what a busy
        // (or slowed) machine runs out of first, before the process's other threads or PostgreSQL.
        const mainBefore = cpuMsOf(server.pid, server.pid);
        const meter = cpuMeter({ api: () => [server.pid], db: () => postgresPids(pgDir) });
        const r = await runLoadProcess({ url: server.url, rate: RATE, seconds: SECONDS, requests });
        const spent = meter.take();
        const perRequest = (ms: number) => (ms / Math.max(1, r.served)).toFixed(2);
        rows.push({
          measure: `feed mix p99 at ${RATE}/s, ${size.toLocaleString('en')} members (p50; served/s; the load generator's CPU a request; CPU a request: the API's main thread / the API process / PostgreSQL)`,
          value: `${r.p99} ms (${r.p50}; ${r.perSecond}; ${r.generatorCpuMs} ms; ${perRequest(cpuMsOf(server.pid, server.pid) - mainBefore)} / ${perRequest(spent.api!)} / ${perRequest(spent.db!)} ms${r.failed > 0 ? `; ${r.failed} failed` : ''})`,
          budget: '≤ 50 ms',
        });
        rows.push({ measure: `one feed page alone, ${size.toLocaleString('en')} members (p50)`, value: `${one.toFixed(1)} ms`, budget: 'growth' });
        rows.push({
          measure: `database time of one page, ${size.toLocaleString('en')} members (planning + execution)`,
          value: dbTime.map((d) => `${d.mode} ${d.planning.toFixed(2)} + ${d.execution.toFixed(2)} ms`).join('; '),
          budget: 'growth',
        });
        rows.push({
          measure: `a home page's time in the API process ÷ its database time, ${size.toLocaleString('en')} members`,
          value: `${(api / (home.planning + home.execution)).toFixed(1)} (${api.toFixed(2)} ÷ ${(home.planning + home.execution).toFixed(2)} ms)`,
          budget: '≤ 1.5',
        });
        // The floor of the row above: its statements' round trips alone, from a bare client.
        rows.push({
          measure: `the same statements from a bare client (node-postgres, loopback) ÷ their database time, ${size.toLocaleString('en')} members`,
          value: `${(home.roundTrip / (home.planning + home.execution)).toFixed(1)} (${home.roundTrip.toFixed(2)} ÷ ${(home.planning + home.execution).toFixed(2)} ms)`,
          budget: 'the floor of the row above',
        });
      } finally {
        await server.stop();
      }
      if (size === SIZES.at(-1)) rows.push(await capacity(url, requests, size));
      rows.push(await measureFirstReadCosts(url, requests, size));
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureFeedGrowth()) console.log(`${r.measure}  ${r.value}  ${r.budget}`);
}
