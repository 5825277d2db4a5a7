/**
 * What one request of each main kind costs in CPU — in the API process, in PostgreSQL and in
 * PgBouncer (transaction pooling, as docs/deploy runs it) — the figures the capacity model
 * (capacity-model.ts, docs/operations.md "Capacity") multiplies out. A fresh PostgreSQL
 * database with the demo community and COST_MEMBERS generated members (seed-scale); one API
 * process started as `npm start` does, through a loopback PgBouncer; each kind at a fixed rate
 * (open-load.ts) or, for telex, one message at a time; CPU read from /proc over each kind's
 * window ÷ the requests served. Then the feed page and the search again with the API straight
 * on PostgreSQL (named statements, generic plans): what transaction pooling costs.
 * Run alone: `npx tsx tests/bench/request-costs.ts` (COST_MEMBERS, default 10,000).
 */
import { v7 as uuidv7 } from 'uuid';
import { API_BASE } from '../../src/contract/codes';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { DEMO_MEMBERS } from '../support/demo';
import { befriend, TelexClient } from '../support/telex';
import { freePort } from '../support/chaos';
import { cpuMeter, postgresPids } from './cpu';
import { pages, signIn } from './feed-mix';
import { openLoad, type LoadRequest } from './open-load';
import { startPgBouncer, type PgBouncer } from './pgbouncer';
import { dataDirectoryOf, seedScale, withFreshDatabase } from './postgres';
import { caseVariant } from './search';
import { signInDemo, startBenchServer, type BenchServer } from './server';

export type Row = { measure: string; value: string; budget: string };
export type KindCost = { requests: number; failed: number; api: number; db: number; bouncer: number };
export type Costs = Record<'feed' | 'search' | 'write' | 'telex', KindCost>;

const MEMBERS = Number(process.env.COST_MEMBERS ?? 10_000);
const READERS = 200;
const WORDS = ['harbour', 'design', 'coffee', 'launch', 'vineyard', 'latency', 'podcast', 'forecast'];
const TELEX_MESSAGES = 500;

type Member = { token: string; userCode: string };

/** What is measured: the API process, PgBouncer when it is in the path, and the PostgreSQL cluster in `pgDir`. */
type Setup = { server: BenchServer; bouncer: PgBouncer | null; pgDir: string };

/** CPU per request of `send` (which answers what it served and failed), over its own window. */
async function costOf({ server, bouncer, pgDir }: Setup, send: () => Promise<{ served: number; failed: number }>): Promise<KindCost> {
  const meter = cpuMeter({ api: () => [server.pid], db: () => postgresPids(pgDir), bouncer: () => (bouncer ? [bouncer.pid] : []) });
  const { served, failed } = await send();
  const spent = meter.take();
  const each = (ms: number) => (served > 0 ? ms / served : 0);
  return { requests: served, failed, api: each(spent.api!), db: each(spent.db!), bouncer: each(spent.bouncer!) };
}

const feedPages = (members: Member[]): LoadRequest[] => pages(members).filter((_, i) => i % 4 === 0);

function searches(members: Member[], count: number): LoadRequest[] {
  // A case not sent before, so each call is searched in full (search.ts caseVariant).
  return Array.from({ length: count }, (_, i) => ({
    path: `${API_BASE}/${ENTRY_PATHS.search(caseVariant(WORDS[i % WORDS.length]!, Math.floor(i / WORDS.length) + 1))}?pageNo=1&pageSize=5`,
    headers: { authorization: `Bearer ${members[i % members.length]!.token}` },
  }));
}

function entryWrites(members: Member[], count: number): LoadRequest[] {
  return Array.from({ length: count }, (_, i) => {
    const code = uuidv7();
    return {
      path: `${API_BASE}/${ENTRY_PATHS.create}`,
      method: 'POST',
      headers: { authorization: `Bearer ${members[i % members.length]!.token}`, 'content-type': 'application/json', 'idempotency-key': code },
      body: JSON.stringify({ userPostCode: code, featureCode: 5, postDescription: `Capacity bench entry ${i} about ${WORDS[i % WORDS.length]}` }),
    };
  });
}

/** 500 telexes from one demo login to the other, each waited for at both ends. */
async function telexes(url: string): Promise<{ served: number; failed: number }> {
  const [a, b] = await Promise.all(DEMO_MEMBERS.slice(0, 2).map(async (m) => {
    const res = await fetch(`${url}${API_BASE}/auth/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: m.email, password: m.password }) });
    const data = ((await res.json()) as { data: { accessToken: string; id: string } }).data;
    return { token: data.accessToken, userCode: data.id };
  }));
  await befriend(`${url}${API_BASE}`, a!, b!).catch(() => {});
  const [ca, cb] = [await TelexClient.open(url, a!), await TelexClient.open(url, b!)];
  let failed = 0;
  try {
    for (let i = 0; i < TELEX_MESSAGES; i += 1) {
      const id = ca.telex(b!.userCode, `capacity ${i}`);
      await Promise.all([ca.next((f) => f.type === 'ack' && f.id === id), cb.next((f) => f.type === 'message' && f.id === id)]).catch(() => (failed += 1));
    }
  } finally {
    await Promise.all([ca.close(), cb.close()]);
  }
  return { served: TELEX_MESSAGES - failed, failed };
}

const load = (url: string, rate: number, requests: LoadRequest[]) => openLoad({ url, rate, seconds: requests.length / rate, requests });

/** The kinds asked for, on the set-up's server. */
async function measureKinds(setup: Setup, kinds: (keyof Costs)[]): Promise<Partial<Costs>> {
  const { server } = setup;
  const members = await signIn(server.url, READERS);
  const costs: Partial<Costs> = {};
  // Warm both paths (plans, caches of the process) before anything is counted.
  await load(server.url, 100, feedPages(members).slice(0, READERS));
  if (kinds.includes('feed')) costs.feed = await costOf(setup, () => load(server.url, 100, [...feedPages(members), ...feedPages(members), ...feedPages(members), ...feedPages(members), ...feedPages(members)]));
  if (kinds.includes('search')) costs.search = await costOf(setup, () => load(server.url, 50, searches(members, 500)));
  if (kinds.includes('write')) costs.write = await costOf(setup, () => load(server.url, 50, entryWrites(members, 500)));
  if (kinds.includes('telex')) costs.telex = await costOf(setup, () => telexes(server.url));
  return costs;
}

const LABELS: Record<keyof Costs, string> = { feed: 'feed page', search: 'entry search', write: 'entry write', telex: 'telex message' };
const ms = (n: number) => n.toFixed(2);

export async function measureRequestCosts(): Promise<{ rows: Row[]; costs: Costs }> {
  return withFreshDatabase('bt_costs', async (url) => {
    const pgDir = await dataDirectoryOf(url);
    // The start migrates and seeds the demo community; then the generated one beside it.
    const first = await startBenchServer({ databaseUrl: url });
    await first.stop();
    seedScale(url, MEMBERS);
    const bouncer = await startPgBouncer(await freePort());
    let pooled: Partial<Costs>;
    let direct: Partial<Costs>;
    try {
      const env = { DATABASE_DIRECT_URL: url, DATABASE_POOLING: 'transaction', CHAT_RATE_LIMIT: 'off', DEMO_COMMUNITY: '0' };
      const server = await startBenchServer({ databaseUrl: bouncer.urlOf(url), env });
      try {
        await signInDemo(server.url);
        pooled = await measureKinds({ server, bouncer, pgDir }, ['feed', 'search', 'write', 'telex']);
      } finally {
        await server.stop();
      }
    } finally {
      await bouncer.stop();
    }
    const server = await startBenchServer({ databaseUrl: url, env: { DEMO_COMMUNITY: '0' } });
    try {
      direct = await measureKinds({ server, bouncer: null, pgDir }, ['feed', 'search']);
    } finally {
      await server.stop();
    }
    const costs = pooled as Costs;
    const rows: Row[] = (Object.keys(LABELS) as (keyof Costs)[]).map((kind) => {
      const c = costs[kind];
      return {
        measure: `CPU a request through PgBouncer, ${LABELS[kind]}: API / PostgreSQL / PgBouncer (${MEMBERS.toLocaleString('en')} members)`,
        value: `${ms(c.api)} / ${ms(c.db)} / ${ms(c.bouncer)} ms${c.failed ? ` (${c.failed} failed)` : ''}`,
        budget: '(capacity model)',
      };
    });
    for (const kind of ['feed', 'search'] as const) {
      const p = costs[kind];
      const d = direct[kind]!;
      rows.push({
        measure: `${LABELS[kind]}: transaction pooling (unnamed statements) ÷ straight to PostgreSQL (named), API / PostgreSQL CPU`,
        value: `${(p.api / d.api).toFixed(2)} / ${(p.db / d.db).toFixed(2)}`,
        budget: '(what pooling costs)',
      });
    }
    return { rows, costs };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows } = await measureRequestCosts();
  for (const r of rows) console.log(`${r.measure}  ${r.value}  ${r.budget}`);
}
