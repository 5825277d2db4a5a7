/**
 * Global search over a generated community (BUDGETS.md: search/users and search/post over
 * 100,000 members and 1,000,000 entries, p99 ≤ 50 ms), on PostgreSQL: a fresh database
 * seeded by the start like `npm start`, then 100,000 members (names from 60 first × 60 last
 * names, accents included) and 1,000,000 entries (8 words of 240 each) written by SQL, the
 * trigram indexes built after the load, ANALYZE. Then each call, one at a time as a member
 * types, over rotating texts (exact names, prefixes, typos, accents, common and rare
 * words): p50 / p99 — and the same calls with the trigram indexes dropped, side by side.
 * Run alone: `npx tsx tests/bench/search.ts` (DATABASE_URL: the PostgreSQL to create it in).
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { API_BASE } from '../../src/contract/codes';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { SEARCH_PATHS } from '../../src/contract/search';
import { signInDemo, startBenchServer } from './server';

type Row = { measure: string; value: string; budget: string };

const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.SEARCH_MEMBERS ?? 100_000);
const ENTRIES = Number(process.env.SEARCH_ENTRIES ?? 1_000_000);
const ROUNDS = 200;
const ROUNDS_WITHOUT_INDEX = 6;
/** The search's own indexes (migrations 0011, 0012): built after the load, dropped for the side-by-side run. */
const SEARCH_INDEXES = ['users_search_name', 'posts_search_public', 'posts_search_origins', 'posts_public_created_ix'];

const FIRST = ['Åsa', 'Björn', 'Chloé', 'Darius', 'Elif', 'Fatima', 'Grégoire', 'Hana', 'Ingrid', 'José', 'Kwame', 'Léa', 'Mateo', 'Noémie', 'Oskar', 'Priya', 'Quentin', 'Rania', 'Søren', 'Tomás', 'Ulla', 'Valentina', 'Wiktor', 'Xiadani', 'Yusuf', 'Zoë', 'Amara', 'Jonas', 'Nia', 'Astrid', 'Bruno', 'Camille', 'Dmitri', 'Emeka', 'Freja', 'Gustav', 'Hélène', 'Ibrahim', 'Jun', 'Kaito', 'Lars', 'Mina', 'Nils', 'Olga', 'Paulo', 'Rosa', 'Sven', 'Tarek', 'Uma', 'Viktor', 'Wen', 'Ximena', 'Yara', 'Zain', 'Agnès', 'Bongani', 'Céline', 'Diego', 'Ebba', 'Farah'];
const LAST = ['Lindqvist', 'Okafor', 'Müller', 'García', 'Nguyen', 'Kowalski', 'Dubois', 'Rossi', 'Johansson', 'Yılmaz', 'Ferreira', 'Novák', 'Andersen', 'Sato', 'Haddad', 'Mensah', 'Ivanova', 'Petrović', 'Fernández', 'Schäfer', 'Bianchi', 'Kowalczyk', 'Nakamura', 'Osei', 'Larsen', 'Moreau', 'Svensson', 'Kaya', 'Silva', 'Horváth', 'Jensen', 'Lefèvre', 'Popescu', 'Ramírez', 'Takahashi', 'Wójcik', 'Zhang', 'Åberg', 'Berg', 'Castro', 'Dahl', 'Eriksson', 'Fischer', 'Gómez', 'Hansen', 'Ito', 'Jovanović', 'Khan', 'López', 'Mäkinen', 'Nielsen', 'Olsen', 'Papadopoulos', 'Quispe', 'Rahman', 'Sørensen', 'Tanaka', 'Usman', 'Varga', 'Weber'];
const WORDS = [
  'harbour', 'design', 'systems', 'café', 'market', 'launch', 'team', 'quarter', 'review', 'product', 'roadmap', 'hiring', 'engineer', 'finance', 'audit', 'budget',
  'travel', 'Nørrebro', 'conference', 'keynote', 'workshop', 'mentor', 'startup', 'funding', 'investor', 'pitch', 'growth', 'customer', 'support', 'feedback', 'research', 'data',
  'analytics', 'pipeline', 'cloud', 'security', 'privacy', 'policy', 'legal', 'contract', 'tax', 'garden', 'recipe', 'festival', 'concert', 'theatre', 'museum', 'gallery',
  'football', 'marathon', 'cycling', 'sailing', 'mountain', 'river', 'coffee', 'breakfast', 'dinner', 'family', 'friends', 'weekend', 'holiday', 'summer', 'winter', 'autumn',
  'spring', 'morning', 'evening', 'project', 'deadline', 'meeting', 'presentation', 'report', 'strategy', 'vision', 'culture', 'values', 'leadership', 'community', 'volunteer', 'charity',
  'education', 'course', 'lecture', 'student', 'teacher', 'library', 'book', 'novel', 'poetry', 'writing', 'photo', 'camera', 'portrait', 'landscape', 'architecture', 'building',
  'bridge', 'station', 'airport', 'flight', 'train', 'ferry', 'island', 'beach', 'forest', 'lake', 'city', 'village', 'street', 'square', 'bakery', 'restaurant',
  'wine', 'cheese', 'chocolate', 'tea', 'music', 'guitar', 'piano', 'jazz', 'opera', 'cinema', 'film', 'series', 'podcast', 'interview', 'article', 'newsletter',
  'software', 'hardware', 'robot', 'sensor', 'battery', 'solar', 'energy', 'climate', 'carbon', 'recycling', 'ocean', 'fishing', 'harvest', 'farm', 'vineyard', 'orchard',
  'health', 'fitness', 'yoga', 'running', 'swimming', 'tennis', 'chess', 'puzzle', 'game', 'tournament', 'victory', 'lesson', 'mistake', 'success', 'failure', 'courage',
  'patience', 'kindness', 'gratitude', 'celebration', 'anniversary', 'birthday', 'wedding', 'baby', 'graduation', 'promotion', 'retirement', 'office', 'remote', 'hybrid', 'commute', 'desk',
  'laptop', 'keyboard', 'monitor', 'printer', 'network', 'server', 'database', 'index', 'query', 'latency', 'release', 'version', 'bugfix', 'refactor', 'review', 'merge',
  'branch', 'commit', 'deploy', 'incident', 'postmortem', 'oncall', 'pager', 'alert', 'dashboard', 'metric', 'signal', 'noise', 'trend', 'forecast', 'scenario', 'risk',
  'insurance', 'pension', 'savings', 'mortgage', 'rent', 'apartment', 'kitchen', 'balcony', 'neighbour', 'dog', 'cat', 'horse', 'bicycle', 'scooter', 'electric', 'vintage',
  'Ångström', 'Zürich', 'Kraków', 'São Paulo', 'Reykjavík', 'Montréal', 'Malmö', 'Göteborg', 'Århus', 'Düsseldorf', 'Málaga', 'Córdoba', 'Łódź', 'Bogotá', 'Cancún', 'Séville',
];

const USER_TEXTS = ['Lindqvist', 'lindqvst', 'astrid lindqvist', 'Søren', 'soren sorensen', 'garcia', 'Müller', 'muller', 'ingrid ok', 'zoe weber', 'Yilmaz', 'haddad', 'Grégoire', 'gregoire moreau', 'fer', 'Nakamura', 'xiadani quispe', 'Amara Okafor', 'jonas ferreira', 'petrovic'];
const POST_TEXTS = ['harbour', 'harbor', 'Nørrebro', 'norrebro', 'café', 'cafe', 'design systems', 'zurich', 'Reykjavik', 'postmortem', 'latency', 'vineyard', 'São Paulo', 'chocolate', 'anniversary', 'lodz', 'podcast', 'oncall', 'forecast', 'Ångström'];

async function admin<T>(url: string, run: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

/** The generated community, written by SQL; the trigram indexes built once, after the load. */
export async function generate(c: Client): Promise<void> {
  await c.query(`drop index if exists ${SEARCH_INDEXES.join('; drop index if exists ')}`);
  await c.query(`
    insert into users (user_code, email, password_hash, first_name, last_name, display_name, gender, plan_code)
    select 'UB' || lpad(i::text, 8, '0'), 'bench' || i || '@bench.test', 'x', f, l, f || ' ' || l, 'Female', 'ruby'
    from generate_series(1, ${MEMBERS}) i,
      lateral (select (${sqlArray(FIRST)})[1 + (i * 7) % ${FIRST.length}] f, (${sqlArray(LAST)})[1 + (i * 13) % ${LAST.length}] l) n`);
  await c.query(`
    with w as (select ${sqlArray(WORDS)} a), base as (select min(id) lo from users where user_code like 'UB%')
    insert into posts (post_code, author_id, origin_type, origin_user_id, feature_code, description, privacy_code, created_at)
    select 'PB' || lpad(i::text, 9, '0'), base.lo + (i % ${MEMBERS}), 'user', base.lo + (i % ${MEMBERS}), 5,
      a[1 + (i * 7) % ${WORDS.length}] || ' ' || a[1 + (i * 13) % ${WORDS.length}] || ' ' || a[1 + (i * 29) % ${WORDS.length}] || ' ' ||
      a[1 + (i * 31) % ${WORDS.length}] || ' ' || a[1 + (i * 37) % ${WORDS.length}] || ' ' || a[1 + (i * 41) % ${WORDS.length}] || ' ' ||
      a[1 + (i * 43) % ${WORDS.length}] || ' ' || a[1 + (i * 47) % ${WORDS.length}],
      1 + (i % 3), now() - make_interval(secs => ${ENTRIES} - i)
    from generate_series(1, ${ENTRIES}) i, w, base`);
  // The migrations' own statements (0011, 0012), after the load as a restore would.
  await c.query('create index users_search_name on users using gin (search_name gin_trgm_ops)');
  await c.query(`create index posts_public_created_ix on posts (created_at, id) where origin_type = 'user' and privacy_code = 1`);
  await c.query(`create index posts_search_public on posts using gin (search_text gin_trgm_ops) where origin_type = 'user' and privacy_code = 1`);
  await c.query(`create index posts_search_origins on posts using gin (search_text gin_trgm_ops) where origin_type <> 'user'`);
  await c.query('analyze');
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One call after another (a member typing), `rounds` of them over the rotating texts. */
async function timeCalls(url: string, token: string, paths: string[], rounds: number): Promise<{ p50: number; p99: number; found: number }> {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    const res = await fetch(`${url}${API_BASE}/${paths[i % paths.length]}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { totalRecords?: number };
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    found += body.totalRecords ?? 0;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), found: Math.round(found / rounds) };
}

export async function measureSearch(): Promise<Row[]> {
  const name = `bt_search_${randomBytes(6).toString('hex')}`;
  await admin(ADMIN_URL, (c) => c.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const server = await startBenchServer({ databaseUrl: url.toString() });
    try {
      const loadStarted = performance.now();
      await admin(url.toString(), generate);
      const loadSeconds = ((performance.now() - loadStarted) / 1000).toFixed(0);
      const token = await signInDemo(server.url);
      const users = USER_TEXTS.map((t) => `${SEARCH_PATHS.users(t)}?pageSize=16`);
      const entries = POST_TEXTS.map((t) => `${ENTRY_PATHS.search(t)}?pageSize=16`);
      await timeCalls(server.url, token, [...users, ...entries], 40); // warm-up
      const withUsers = await timeCalls(server.url, token, users, ROUNDS);
      const withEntries = await timeCalls(server.url, token, entries, ROUNDS);
      await admin(url.toString(), (c) => c.query(`drop index ${SEARCH_INDEXES.join('; drop index ')}`));
      const bareUsers = await timeCalls(server.url, token, users, ROUNDS_WITHOUT_INDEX);
      const bareEntries = await timeCalls(server.url, token, entries, ROUNDS_WITHOUT_INDEX);
      const ms = (n: number) => `${n.toFixed(1)} ms`;
      const label = `${MEMBERS.toLocaleString('en')} members, ${ENTRIES.toLocaleString('en')} entries (load ${loadSeconds} s)`;
      return [
        { measure: `search/users p99 (p50), PostgreSQL, ${label}`, value: `${ms(withUsers.p99)} (${ms(withUsers.p50)}; ~${withUsers.found} found)`, budget: '≤ 50 ms' },
        { measure: 'search/users without its index p99 (p50); ratio of p50', value: `${ms(bareUsers.p99)} (${ms(bareUsers.p50)}); ×${(bareUsers.p50 / withUsers.p50).toFixed(0)}`, budget: 'side by side' },
        { measure: `search/post p99 (p50), PostgreSQL, ${label}`, value: `${ms(withEntries.p99)} (${ms(withEntries.p50)}; ~${withEntries.found} found)`, budget: '≤ 50 ms' },
        { measure: 'search/post without its index p99 (p50); ratio of p50', value: `${ms(bareEntries.p99)} (${ms(bareEntries.p50)}); ×${(bareEntries.p50 / withEntries.p50).toFixed(0)}`, budget: 'side by side' },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await admin(ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureSearch()) console.log(`${r.measure}  ${r.value}  ${r.budget}`);
}
