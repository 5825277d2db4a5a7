/**
 * `npm run admin -- seed-scale --members N` (issue 13): a large generated community for
 * benchmarks, beside whatever is there (the demo community stays, its logins too). Written
 * by set-based SQL (generate_series), so 100,000 members and their million entries take
 * minutes on PostgreSQL rather than hours of single inserts. Proportions per member, close to
 * a working professional network:
 * - 10 suite entries over the last year (6 public, 3 billionetts, 1 only me);
 * - about 20 billionetts (ties to members 1, 3, 9 … 3^9 places on), so friends of friends
 *   overlap as in a real network and no member is isolated;
 * - one circle per 100 members, 30 members each, 50 entries each;
 * - comments on 40% of entries (a second on 20%), ratings on 60% (a second on 20%).
 * Every generated member signs in with the demo password (hashed once): benches sign in as
 * many distinct members. Refused when a generated community is there already. Members are
 * addressed as the first generated id + a number: run it while no one else signs up (the
 * identity values of one INSERT … SELECT are then consecutive).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { hashPassword } from '../domain/auth/passwords';
import { SCALE_FIRST, SCALE_LAST, SCALE_WORDS } from './scale-words';

export type ScaleReport = { members: number; billionettPairs: number; entries: number; circles: number; comments: number; ratings: number; seconds: number };

/** Generated members' codes start with this (then eight digits: the shape of a real code). */
export const SCALE_CODE = 'US';
/** Generated members are known by their mail's domain (a real member's code may start with US too). */
const SCALE_DOMAIN = '@scale.test';
export const scaleEmail = (i: number) => `member${i}${SCALE_DOMAIN}`;

const ENTRIES_PER_MEMBER = 10;
const TIE_OFFSETS = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];
const MEMBERS_PER_CIRCLE = 100;
const CIRCLE_SIZE = 30;
const CIRCLE_ENTRIES = 50;

/** A SQL array of values (a JS array in a drizzle template would become a row of parameters). */
const arrayOf = (values: readonly (string | number)[], type: 'text' | 'int') => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::${sql.raw(type)}[]`;

const count = async (db: Db, query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db, query))[0]?.n ?? 0);

export async function seedScale(db: Db, members: number, password: string): Promise<ScaleReport> {
  if (!Number.isInteger(members) || members < 10) throw new Error('seed-scale needs --members N (10 or more)');
  const started = performance.now();
  if ((await count(db, sql`select count(*)::int as n from users where email like ${`%${SCALE_DOMAIN}`}`)) > 0) {
    throw new Error('A generated community is here already (members @scale.test); seed-scale adds one to a database once.');
  }
  const hash = await hashPassword(password);
  const n = members;
  const words = arrayOf(SCALE_WORDS, 'text');
  // Eight words an entry, picked by k (its number) with co-prime strides: every word is used.
  const text = (k: string) =>
    sql.raw([7, 13, 29, 31, 37, 41, 43, 47].map((m) => `a[1 + (${k} * ${m}) % ${SCALE_WORDS.length}]`).join(` || ' ' || `));

  await db.execute(sql`
    insert into users (user_code, email, password_hash, first_name, last_name, display_name, gender, plan_code, created_at)
    select ${SCALE_CODE} || lpad(i::text, 8, '0'), 'member' || i || ${SCALE_DOMAIN}, ${hash}, f, l, f || ' ' || l,
      (array['Female', 'Male', 'Other'])[1 + i % 3], (array['ruby', 'emerald', 'sapphire'])[1 + (i / 7) % 3], now() - interval '400 days'
    from generate_series(1, ${n}::int) i,
      lateral (select (${arrayOf(SCALE_FIRST, 'text')})[1 + (i * 7) % ${SCALE_FIRST.length}] f, (${arrayOf(SCALE_LAST, 'text')})[1 + (i * 13) % ${SCALE_LAST.length}] l) names`);
  const base = await count(db, sql`select min(id)::int as n from users where email like ${`%${SCALE_DOMAIN}`}`);

  await db.execute(sql`
    insert into friendships (user_a, user_b, created_at)
    select least(a, b), greatest(a, b), now() - interval '300 days'
    from (select ${base}::int + i as a, ${base}::int + (i + o) % ${n}::int as b from generate_series(0, ${n}::int - 1) i, unnest(${arrayOf(TIE_OFFSETS, 'int')}) o) ties
    where a <> b
    on conflict do nothing`);

  // Suite entries, newest at the highest ids (as a live table has them) over the last year.
  const entries = n * ENTRIES_PER_MEMBER;
  await db.execute(sql`
    with w as (select ${words} a)
    insert into posts (post_code, author_id, origin_type, origin_user_id, feature_code, description, privacy_code, created_at)
    select gen_random_uuid()::text, ${base}::int + k % ${n}::int, 'user', ${base}::int + k % ${n}::int, 5, ${text('k')},
      case when k % 10 < 6 then 1 when k % 10 < 9 then 2 else 3 end,
      now() - make_interval(secs => (${entries}::int - k) * (31536000.0 / ${entries}::int))
    from generate_series(1, ${entries}::int) k, w`);

  const circles = Math.max(1, Math.floor(n / MEMBERS_PER_CIRCLE));
  await db.execute(sql`
    with w as (select ${words} a)
    insert into circles (group_code, name, caption, type_code, category_code, category_name, privacy_code, status_code, admin_id, created_at)
    select 'GS' || lpad(c::text, 8, '0'), initcap(a[1 + (c * 7) % ${SCALE_WORDS.length}] || ' ' || a[1 + (c * 13) % ${SCALE_WORDS.length}]) || ' Circle', '',
      'P02', 'C02', 'Technology', 1 + c % 3, 9, ${base}::int + (c * 97) % ${n}::int, now() - interval '200 days'
    from generate_series(1, ${circles}::int) c, w`);
  await db.execute(sql`
    insert into circle_members (circle_id, user_id)
    select id, ${base}::int + ((admin_id - ${base}::int) + j * 101) % ${n}::int
    from circles, generate_series(0, ${CIRCLE_SIZE - 1}::int) j
    where group_code like 'GS%'
    on conflict do nothing`);
  await db.execute(sql`
    with w as (select ${words} a)
    insert into posts (post_code, author_id, origin_type, origin_group_id, feature_code, description, privacy_code, created_at)
    select gen_random_uuid()::text, ${base}::int + ((c.admin_id - ${base}::int) + (j % ${CIRCLE_SIZE}::int) * 101) % ${n}::int,
      'group', c.id, 5, ${text('(c.id * 1000 + j)')}, 1 + j % 2, now() - make_interval(hours => j * 60)
    from circles c, generate_series(1, ${CIRCLE_ENTRIES}::int) j, w
    where c.group_code like 'GS%'`);

  await db.execute(sql`
    insert into comments (comment_code, post_id, author_id, body, created_at, updated_at)
    select gen_random_uuid()::text, p.id, ${base}::int + (p.author_id - ${base}::int + r * 3) % ${n}::int,
      (array['Congratulations!', 'Well said.', 'See you there', 'Great news', 'Thanks for sharing'])[1 + (p.id + r) % 5],
      p.created_at + make_interval(hours => r), p.created_at + make_interval(hours => r)
    from posts p, generate_series(1, 2) r
    where p.author_id >= ${base}::int and p.id % 5 < 2 and (r = 1 or p.id % 5 = 0)`);
  await db.execute(sql`
    insert into post_ratings (post_id, user_id, halves)
    select p.id, ${base}::int + (p.author_id - ${base}::int + r * 7) % ${n}::int, 1 + (p.id + r) % 10
    from posts p, generate_series(1, 2) r
    where p.author_id >= ${base}::int and p.id % 5 < 3 and (r = 1 or p.id % 5 = 0)
    on conflict do nothing`);
  // What an operator does after a bulk load (PostgreSQL's "Populating a Database"): vacuum
  // sets every new row's hint bits and the visibility map once, so the first reads do not
  // each write pages back and index-only scans skip the heap; without it the benches timed
  // autovacuum catching up with a million fresh rows (search p50 19 → 13 ms on 100,000 members).
  await db.execute(sql`vacuum analyze`);

  return {
    members: n,
    billionettPairs: await count(db, sql`select count(*)::int as n from friendships where user_a >= ${base}::int`),
    entries: await count(db, sql`select count(*)::int as n from posts where author_id >= ${base}::int`),
    circles,
    comments: await count(db, sql`select count(*)::int as n from comments where author_id >= ${base}::int`),
    ratings: await count(db, sql`select count(*)::int as n from post_ratings where user_id >= ${base}::int`),
    seconds: Math.round((performance.now() - started) / 1000),
  };
}
