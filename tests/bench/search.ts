/**
 * Global search over a generated community (BUDGETS.md: search/users and search/post over
 * 100,000 members and 1,000,000 entries, p99 ≤ 50 ms), on PostgreSQL: a fresh database
 * seeded by the start like `npm start`, then `npm run admin -- seed-scale --members 100000`
 * (seed/scale.ts: names from 60 first × 60 last names, accents included; 10 entries a
 * member of 8 words out of 240; billionetts, circles, comments, ratings). Then each call, one at a time as a member
 * types, over rotating texts (exact names, prefixes, typos, accents, common and rare
 * words): p50 / p99 — and the same calls with the trigram indexes dropped, side by side.
 * Run alone: `npx tsx tests/bench/search.ts` (DATABASE_URL: the PostgreSQL to create it in).
 */
import { API_BASE } from '../../src/contract/codes';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { SEARCH_PATHS } from '../../src/contract/search';
import { onPostgres, seedScale, withFreshDatabase } from './postgres';
import { signInDemo, startBenchServer } from './server';

type Row = { measure: string; value: string; budget: string };

const MEMBERS = Number(process.env.SEARCH_MEMBERS ?? 100_000);
const ROUNDS = 200;
const ROUNDS_WITHOUT_INDEX = 6;
/** The search's own indexes (migrations 0012, 0013): dropped for the side-by-side run. */
const SEARCH_INDEXES = ['users_search_name', 'posts_words_public', 'posts_words_origins', 'posts_public_created_ix', 'search_terms_alike'];

const USER_TEXTS = ['Lindqvist', 'lindqvst', 'astrid lindqvist', 'Søren', 'soren sorensen', 'garcia', 'Müller', 'muller', 'ingrid ok', 'zoe weber', 'Yilmaz', 'haddad', 'Grégoire', 'gregoire moreau', 'fer', 'Nakamura', 'xiadani quispe', 'Amara Okafor', 'jonas ferreira', 'petrovic'];
const POST_TEXTS = ['harbour', 'harbor', 'Nørrebro', 'norrebro', 'café', 'cafe', 'design systems', 'zurich', 'Reykjavik', 'postmortem', 'latency', 'vineyard', 'São Paulo', 'chocolate', 'anniversary', 'lodz', 'podcast', 'oncall', 'forecast', 'Ångström'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * `text` with the case of its letters flipped by the bits of `n` (0: as it is). Entry search
 * keeps a text's public matches until an entry is written (search-repo.ts keptPublic), keyed by
 * the text as sent; a text in a case not sent before is searched in full — the same words, the
 * same work — so every call here measures the search, not the memory.
 */
export function caseVariant(text: string, n: number): string {
  let bit = 0;
  return [...text].map((ch) => (ch.toLowerCase() !== ch.toUpperCase() && (n >> bit++) & 1 ? (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) : ch)).join('');
}

/** One call after another (a member typing), `rounds` of them over the rotating texts (`path(i)`: the i-th call's). */
async function timeCalls(url: string, token: string, path: (i: number) => string, rounds: number): Promise<{ p50: number; p99: number; found: number }> {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    const res = await fetch(`${url}${API_BASE}/${path(i)}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { totalRecords?: number };
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    found += body.totalRecords ?? 0;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), found: Math.round(found / rounds) };
}

export async function measureSearch(): Promise<Row[]> {
  return withFreshDatabase('bt_search', async (url) => {
    const server = await startBenchServer({ databaseUrl: url });
    try {
      const loadStarted = performance.now();
      const generated = seedScale(url, MEMBERS);
      const loadSeconds = ((performance.now() - loadStarted) / 1000).toFixed(0);
      const entryCount = Number(/([0-9]+) entries/.exec(generated)?.[1] ?? 0);
      const token = await signInDemo(server.url);
      const users = (i: number) => `${SEARCH_PATHS.users(USER_TEXTS[i % USER_TEXTS.length]!)}?pageSize=16`;
      // Each round of texts in a case of its own (rounds 1, 2, … after the warm-up's 0; the bare run's last).
      const entries = (round: number) => (i: number) =>
        `${ENTRY_PATHS.search(caseVariant(POST_TEXTS[i % POST_TEXTS.length]!, round + Math.floor(i / POST_TEXTS.length)))}?pageSize=16`;
      await timeCalls(server.url, token, (i) => (i % 2 === 0 ? users(i / 2) : entries(0)(Math.floor(i / 2))), 40); // warm-up
      const withUsers = await timeCalls(server.url, token, users, ROUNDS);
      const withEntries = await timeCalls(server.url, token, entries(1), ROUNDS);
      await onPostgres(url, (c) => c.query(`drop index ${SEARCH_INDEXES.join('; drop index ')}`));
      const bareUsers = await timeCalls(server.url, token, users, ROUNDS_WITHOUT_INDEX);
      const bareEntries = await timeCalls(server.url, token, entries(1 + ROUNDS / POST_TEXTS.length), ROUNDS_WITHOUT_INDEX);
      const ms = (n: number) => `${n.toFixed(1)} ms`;
      const label = `${MEMBERS.toLocaleString('en')} members, ${entryCount.toLocaleString('en')} entries`;
      return [
        { measure: `search/users p99 (p50), PostgreSQL, ${label}`, value: `${ms(withUsers.p99)} (${ms(withUsers.p50)}; ~${withUsers.found} found; seed-scale ${loadSeconds} s)`, budget: '≤ 50 ms' },
        { measure: 'search/users without its index p99 (p50); ratio of p50', value: `${ms(bareUsers.p99)} (${ms(bareUsers.p50)}); ×${(bareUsers.p50 / withUsers.p50).toFixed(0)}`, budget: 'side by side' },
        { measure: `search/post p99 (p50), PostgreSQL, ${label}`, value: `${ms(withEntries.p99)} (${ms(withEntries.p50)}; ~${withEntries.found} found)`, budget: '≤ 50 ms' },
        { measure: 'search/post without its index p99 (p50); ratio of p50', value: `${ms(bareEntries.p99)} (${ms(bareEntries.p50)}); ×${(bareEntries.p50 / withEntries.p50).toFixed(0)}`, budget: 'side by side' },
      ];
    } finally {
      await server.stop();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureSearch()) console.log(`${r.measure}  ${r.value}  ${r.budget}`);
}
