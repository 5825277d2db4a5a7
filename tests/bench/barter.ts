/**
 * Barter's grid query (BUDGETS.md: service/all with a 20 km radius and a date window over
 * 100,000 services, p99 ≤ 20 ms and ≥ 10× faster than without its index), on PGlite and
 * PostgreSQL side by side: 100,000 listings written by SQL around the seed's 68 cities
 * (up to ~60 km out), over 90 days; then the query service/all runs (domain/barter/repo.ts:
 * filters, count, page of 8 with pictures) for a member at a random city with a random week,
 * one after another; then the same with the GiST index dropped.
 * Run alone: `npx tsx tests/bench/barter.ts` (DATABASE_URL: the PostgreSQL to create it in).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { addDays, utcToday } from '../../src/server/domain/barter/dates';
import { filtersOf, listServices } from '../../src/server/domain/barter/repo';
import { placeCoordinates } from '../../src/server/seed/data/place-coordinates';
import { ensureReferenceData } from '../../src/server/seed/reference';

type Row = { measure: string; value: string; budget: string };

const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const LISTINGS = Number(process.env.BARTER_LISTINGS ?? 100_000);
const ROUNDS = 300;
const ROUNDS_WITHOUT_INDEX = 30;
const cities = Object.values(placeCoordinates);

async function generate(db: Database['db']): Promise<void> {
  await db.execute(sql`insert into users (user_code, email, password_hash, last_name, display_name, gender, plan_code)
    select 'UBB' || i, 'barter' || i || '@bench.test', 'x', 'Bench', 'Bench ' || i, 'Female', 'ruby' from generate_series(1, 1000) i`);
  const lats = `array[${cities.map(([lat]) => lat).join(',')}]::float8[]`;
  const lons = `array[${cities.map(([, lon]) => lon).join(',')}]::float8[]`;
  // Degrees per km: 1/111 in latitude; longitude scaled by the city's latitude.
  await db.execute(
    sql.raw(`with c as (select ${lats} lat, ${lons} lon), u as (select min(id) lo from users where user_code like 'UBB%')
    insert into services (code, author_id, kind_code, heading, description, privacy_code, appear_on, from_date, to_date, from_place_id, from_place, from_lat, from_lon)
    select 'BB' || i, u.lo + (i % 1000), 'SV' || lpad((1 + i % 36)::text, 2, '0'), 'Bench listing ' || i, 'Generated.', 1 + (i % 10 = 0)::int,
      current_date - (i % 30), current_date + (i % 90), case when i % 2 = 0 then current_date + (i % 90) + (i % 5) end, 'b', 'Bench',
      c.lat[1 + i % ${cities.length}] + (random() - 0.5) * 1.1,
      c.lon[1 + i % ${cities.length}] + (random() - 0.5) * 1.1 / cos(radians(c.lat[1 + i % ${cities.length}]))
    from generate_series(1, ${LISTINGS}) i, c, u`),
  );
  await db.execute(sql`analyze`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function time(db: Database['db'], viewer: number, rounds: number): Promise<{ p50: number; p99: number; found: number }> {
  const times: number[] = [];
  let found = 0;
  const today = utcToday();
  for (let i = 0; i < rounds; i += 1) {
    const [latitude, longitude] = cities[(i * 7) % cities.length]!;
    const fromdate = addDays(today, (i * 11) % 80);
    const q = { pageNo: 1, latitude, longitude, radius: 20, fromdate, todate: addDays(fromdate, 7) };
    const started = performance.now();
    const { total } = await listServices(db, filtersOf(viewer, q), { pageNo: 1, pageSize: 8 });
    times.push(performance.now() - started);
    found += total;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), found: Math.round(found / rounds) };
}

async function measureOn(database: Database, label: string): Promise<Row[]> {
  const { db } = database;
  await ensureReferenceData(db);
  const loadStarted = performance.now();
  await generate(db);
  const load = ((performance.now() - loadStarted) / 1000).toFixed(0);
  const viewer = Number((((await db.execute(sql`select min(id) id from users`)) as { rows: { id: number }[] }).rows[0]!.id));
  await time(db, viewer, 30); // warm-up
  const indexed = await time(db, viewer, ROUNDS);
  await db.execute(sql`drop index services_from_earth_ix`);
  await db.execute(sql`analyze services`);
  const bare = await time(db, viewer, ROUNDS_WITHOUT_INDEX);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return [
    { measure: `barter service/all 20 km + a week, ${label}, ${LISTINGS.toLocaleString('en')} listings: p99 (p50; found; load)`, value: `${ms(indexed.p99)} (${ms(indexed.p50)}; ~${indexed.found} found; load ${load} s)`, budget: '≤ 20 ms' },
    { measure: `  the same without its GiST index, ${label}: p99 (p50); ratio of p50`, value: `${ms(bare.p99)} (${ms(bare.p50)}); ×${(bare.p50 / indexed.p50).toFixed(0)}`, budget: '≥ 10×' },
  ];
}

export async function measureBarter(): Promise<Row[]> {
  const rows: Row[] = [];
  const lite = await openDatabase({});
  try {
    rows.push(...(await measureOn(lite, 'PGlite')));
  } finally {
    await lite.close();
  }
  const name = `bt_barter_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const pg = await openDatabase({ databaseUrl: url.toString() });
    try {
      rows.push(...(await measureOn(pg, 'PostgreSQL')));
    } finally {
      await pg.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureBarter()) console.log(`${r.measure}  ${r.value}  ${r.budget}`);
}
