/**
 * How the feed's cost grows with the community (issue 13): for 1,000, 10,000 and 100,000
 * generated members (`npm run admin -- seed-scale`, ten entries each, on a fresh PostgreSQL
 * database beside the demo community), a mix of feed pages — home, home filtered to entries,
 * another member's suite, a search — from FEED_MEMBERS distinct signed-in members at a fixed
 * 500 requests/s for 10 s (open-load.ts), and one page at a time without load (the server's time for one
 * page, database included, over loopback), and the database's own time for one page
 * (feed-db-time.ts). Run alone: `npx tsx tests/bench/feed-growth.ts`
 * (DATABASE_URL: a PostgreSQL server to create its databases in; FEED_SIZES=1000,10000).
 */
import { API_BASE } from '../../src/contract/codes';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { DEMO_PASSWORD } from '../support/demo';
import { feedDbTime } from './feed-db-time';
import { openLoad, type LoadRequest } from './open-load';
import { onPostgres, seedScale, withFreshDatabase } from './postgres';
import { startBenchServer } from './server';

type Row = { measure: string; value: string; budget: string };
type Request = LoadRequest & { headers: Record<string, string> };

const SIZES = (process.env.FEED_SIZES ?? '1000,10000,100000').split(',').map(Number);
const MEMBERS = Number(process.env.FEED_MEMBERS ?? 1000);
const RATE = 500;
const SECONDS = 10;

/** Bearer tokens of `count` generated members (member1@scale.test …), four sign-ins at a time. */
export async function signIn(url: string, count: number): Promise<{ token: string; userCode: string }[]> {
  const out: { token: string; userCode: string }[] = [];
  for (let i = 1; i <= count; i += 4) {
    const batch = await Promise.all(
      [0, 1, 2, 3]
        .filter((k) => i + k <= count)
        .map(async (k) => {
          const res = await fetch(`${url}${API_BASE}/auth/signIn`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: `member${i + k}@scale.test`, password: DEMO_PASSWORD }),
          });
          const body = (await res.json()) as { data?: { accessToken: string; id: string } };
          if (!body.data) throw new Error(`sign-in of member${i + k} failed: ${res.status}`);
          return { token: body.data.accessToken, userCode: body.data.id };
        }),
    );
    out.push(...batch);
  }
  return out;
}

/** The mix of pages: each member's home, home with entries only, the next member's suite, a search. */
export function pages(members: { token: string; userCode: string }[]): Request[] {
  const words = ['harbour', 'design', 'coffee', 'launch'];
  return members.flatMap((m, i) => {
    const headers = { authorization: `Bearer ${m.token}` };
    const next = members[(i + 1) % members.length]!;
    return [
      { path: `${API_BASE}/${ENTRY_PATHS.home}?pageNo=1&pageSize=5`, headers },
      { path: `${API_BASE}/${ENTRY_PATHS.home}?pageNo=1&pageSize=5&featureCodes=5`, headers },
      { path: `${API_BASE}/${ENTRY_PATHS.suite}?userCode=${next.userCode}&pageNo=1&pageSize=5`, headers },
      { path: `${API_BASE}/${ENTRY_PATHS.search(words[i % words.length]!)}?pageNo=1&pageSize=5`, headers },
    ];
  });
}

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

export async function measureFeedGrowth(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const size of SIZES) {
    await withFreshDatabase('bt_growth', async (url) => {
      const server = await startBenchServer({ databaseUrl: url });
      try {
        seedScale(url, size);
        await onPostgres(url, (c) => c.query('analyze'));
        const dbTime = await feedDbTime(url);
        const requests = pages(await signIn(server.url, Math.min(MEMBERS, size)));
        const one = await alone(server.url, requests);
        await openLoad({ url: server.url, rate: RATE, seconds: 2, requests });
        const r = await openLoad({ url: server.url, rate: RATE, seconds: SECONDS, requests });
        rows.push({
          measure: `feed mix p99 at ${RATE}/s, ${size.toLocaleString('en')} members (p50; served/s)`,
          value: `${r.p99} ms (${r.p50}; ${r.perSecond}${r.failed > 0 ? `; ${r.failed} failed` : ''})`,
          budget: '≤ 50 ms',
        });
        rows.push({ measure: `one feed page alone, ${size.toLocaleString('en')} members (p50)`, value: `${one.toFixed(1)} ms`, budget: 'growth' });
        rows.push({
          measure: `database time of one page, ${size.toLocaleString('en')} members (planning + execution)`,
          value: dbTime.map((d) => `${d.mode} ${d.planning.toFixed(2)} + ${d.execution.toFixed(2)} ms`).join('; '),
          budget: 'growth',
        });
      } finally {
        await server.stop();
      }
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureFeedGrowth()) console.log(`${r.measure}  ${r.value}  ${r.budget}`);
}
