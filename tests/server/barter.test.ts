/**
 * Barter (contract/barter.ts; spec §2.11, §3, §5) on PGlite and PostgreSQL:
 * - the radius filter agrees with a brute-force haversine on earthdistance's sphere, for
 *   every radius option, around a city, across the antimeridian and near both poles;
 * - the date window (overlap with at most a week), the appear date, paging by 8 newest
 *   first, the service and member filters;
 * - create with a picture, update (keep, add, take off pictures), delete — the author's
 *   alone (403 to others, 404 when hidden or gone), the form's messages per field, dates
 *   in the past refused, only own uploaded pictures; privacy in every list and search;
 *   one Idempotency-Key applies once; 401 without a token.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BARTER_MESSAGES, BARTER_PATHS, RADIUS_OPTIONS_KM, type BarterItem } from '../../src/contract/barter';
import { users } from '../../src/server/db/schema/accounts';
import { services } from '../../src/server/db/schema/barter';
import { addDays, earliestToday, utcToday } from '../../src/server/domain/barter/dates';
import { withinSql } from '../../src/server/domain/barter/repo';
import { uploadMedia } from '../support/media';
import { dbTargets, serverForSuite, type TestMember, type TestServer } from '../support/server';
import { befriend } from '../support/telex';

/** earthdistance's earth() radius, metres. */
const EARTH_M = 6_378_168;
const rad = (d: number) => (d * Math.PI) / 180;
function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A deterministic scatter of points: around each centre at every scale, and some everywhere. */
function scatter(centres: [number, number][]): [number, number][] {
  let seed = 42;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const points: [number, number][] = [];
  for (const [lat, lon] of centres) {
    for (const km of [0.5, 1.5, 3, 8, 15, 30, 50, 70, 90, 180, 400, 700]) {
      for (let i = 0; i < 3; i += 1) {
        const bearing = next() * 2 * Math.PI;
        const d = (km * (0.8 + next() * 0.4) * 1000) / EARTH_M;
        const la = Math.asin(Math.sin(rad(lat)) * Math.cos(d) + Math.cos(rad(lat)) * Math.sin(d) * Math.cos(bearing));
        const lo = rad(lon) + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(rad(lat)), Math.cos(d) - Math.sin(rad(lat)) * Math.sin(la));
        points.push([(la * 180) / Math.PI, ((((lo * 180) / Math.PI + 540) % 360) - 180)]);
      }
    }
  }
  for (let i = 0; i < 60; i += 1) points.push([next() * 178 - 89, next() * 360 - 180]);
  return points;
}

describe.each(dbTargets())('barter on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let a: TestMember;
  let b: TestMember;
  let c: TestMember;
  let far: TestMember;
  serverForSuite({ databaseUrl }, 4, (server, m) => ([s, a, b, c, far] = [server, m[0]!, m[1]!, m[2]!, m[3]!]));

  const call = (m: TestMember | null, method: string, path: string, body?: unknown, key?: string) =>
    s.call(method, path, { ...(m ? { token: m.token } : {}), body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
  const codes = (r: { body: { data: { userServices: BarterItem[] } } }) => r.body.data.userServices.map((i) => i.originalPost.serviceCode);
  const place = (lat: number, lon: number, name = 'Lisbon, Portugal') => ({ placeId: `p${lat},${lon}`, latitude: lat, longitude: lon, place: name });
  const today = earliestToday();
  const form = (over: Record<string, unknown> = {}) => ({
    serviceCode: 'SV33',
    serviceHeading: 'Maths tutoring for teenagers',
    serviceDescription: 'Algebra and geometry, evenings.',
    privacyCode: 1,
    fromdate: addDays(today, 2),
    todate: addDays(today, 5),
    fromLocationDetails: place(38.7223, -9.1393),
    ...over,
  });

  async function insertAt(author: TestMember, points: [number, number][], over: Partial<typeof services.$inferInsert> = {}) {
    const [row] = await s.app.db.select({ id: users.id }).from(users).where(eq(users.userCode, author.userCode));
    const values = points.map(([lat, lon]) => ({
      code: `BT${randomBytes(5).toString('hex').toUpperCase()}`,
      authorId: row!.id,
      kindCode: 'SV15',
      heading: `Gardening at ${lat.toFixed(3)}, ${lon.toFixed(3)}`,
      description: 'Hedges and lawns.',
      appearOn: utcToday(),
      fromDate: addDays(today, 1),
      fromPlaceId: 'x',
      fromPlace: 'Somewhere',
      fromLat: lat,
      fromLon: lon,
      ...over,
    }));
    return s.app.db.insert(services).values(values).returning({ code: services.code, lat: services.fromLat, lon: services.fromLon });
  }

  async function all(m: TestMember, query: string): Promise<string[]> {
    const found: string[] = [];
    for (let pageNo = 1; ; pageNo += 1) {
      const r = await call(m, 'GET', `${BARTER_PATHS.all}?${query}&pageSize=100&pageNo=${pageNo}`);
      expect(r.status).toBe(200);
      found.push(...codes(r));
      if (found.length >= r.body.totalRecords || codes(r).length === 0) return found;
    }
  }

  it('finds exactly the listings within each radius option, across the antimeridian and near the poles', async () => {
    const centres: [number, number][] = [
      [38.7223, -9.1393],
      [-16.5, 179.95],
      [65.0, -179.9],
      [89.7, 30],
      [-89.6, -120],
    ];
    const rows = await insertAt(far, scatter(centres));
    for (const [lat, lon] of centres) {
      for (const km of RADIUS_OPTIONS_KM) {
        const found = new Set(await all(b, `userCode=${far.userCode}&latitude=${lat}&longitude=${lon}&radius=${km}`));
        for (const row of rows) {
          const d = haversineM(lat, lon, row.lat, row.lon);
          // Points within a metre of the circle may fall either side of floating point.
          if (Math.abs(d - km * 1000) < 1) continue;
          expect({ centre: [lat, lon], km, point: [row.lat, row.lon], found: found.has(row.code) }).toEqual({
            centre: [lat, lon],
            km,
            point: [row.lat, row.lon],
            found: d <= km * 1000,
          });
        }
      }
    }
  });

  it('answers the radius filter from the GiST index (the planner told off sequential scans, as on a big table)', async () => {
    const plan = await s.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain ${sql`select id from services where`} ${withinSql(38.7, -9.1, 20)}`);
    });
    expect(JSON.stringify((plan as { rows?: unknown[] }).rows ?? plan)).toContain('services_from_earth_ix');
  });

  it('creates with a picture, answers the item, and applies one Idempotency-Key once', async () => {
    const picture = await uploadMedia(s, a);
    const key = `bt-${randomBytes(6).toString('hex')}`;
    const first = await call(a, 'POST', BARTER_PATHS.post, form({ serviceGalleries: [{ path: picture.path }] }), key);
    expect(first.status).toBe(201);
    const item = first.body.data as BarterItem;
    expect(item.originalPost).toMatchObject({ serviceCategoryCode: 'SV33', serviceName: 'Tutoring', serviceHeading: 'Maths tutoring for teenagers', privacyCode: 1, serviceAppearDate: today, postedBy: { userCode: a.userCode } });
    expect(item.location).toMatchObject({ fromplaceName: 'Lisbon, Portugal', fromlatitude: 38.7223, toplaceId: null });
    // The author as their account says: name, profession (a name, or empty), plan.
    await s.app.db.update(users).set({ professionCode: 'P01' }).where(eq(users.userCode, a.userCode));
    const author = await s.app.db.execute(sql`select u.display_name, p.profession_name, pl.plan_name from users u
      join plans pl on pl.plan_code = u.plan_code left join professions p on p.profession_code = u.profession_code where u.user_code = ${a.userCode}`);
    const [who] = ((author as { rows?: unknown[] }).rows ?? author) as { display_name: string; profession_name: string | null; plan_name: string }[];
    const listed = await call(b, 'GET', `${BARTER_PATHS.all}?userCode=${a.userCode}`);
    const mine = (listed.body.data.userServices as BarterItem[]).find((i) => i.originalPost.serviceCode === item.originalPost.serviceCode);
    expect(who!.profession_name).toBeTruthy();
    expect(mine?.originalPost.postedBy).toEqual({ userCode: a.userCode, displayName: who!.display_name, professionName: who!.profession_name, planName: who!.plan_name });
    await s.app.db.update(users).set({ professionCode: '' }).where(eq(users.userCode, a.userCode));
    const unnamed = await call(b, 'GET', `${BARTER_PATHS.all}?userCode=${a.userCode}`);
    expect((unnamed.body.data.userServices as BarterItem[]).find((i) => i.originalPost.serviceCode === item.originalPost.serviceCode)?.originalPost.postedBy.professionName).toBe('');
    expect(item.serviceGalleries).toEqual([expect.objectContaining({ path: picture.path, width: picture.width, height: picture.height })]);
    const again = await call(a, 'POST', BARTER_PATHS.post, form({ serviceGalleries: [{ path: picture.path }] }), key);
    expect(again.status).toBe(201);
    expect(again.body.data.originalPost.serviceCode).toBe(item.originalPost.serviceCode);
    expect(await all(a, `userCode=${a.userCode}`)).toEqual([item.originalPost.serviceCode]);
    // A code chosen by the client (an offline create) is kept; taken, it is a 409.
    const chosen = crypto.randomUUID();
    const own = await call(a, 'POST', BARTER_PATHS.post, form({ userServiceCode: chosen }));
    expect(own.body.data.originalPost.serviceCode).toBe(chosen);
    expect((await call(b, 'POST', BARTER_PATHS.post, form({ userServiceCode: chosen }))).status).toBe(409);
    await call(a, 'DELETE', BARTER_PATHS.one(chosen));
  });

  it('answers the form’s messages per field, refuses past dates and others’ pictures', async () => {
    const empty = await call(a, 'POST', BARTER_PATHS.post, { serviceCode: '', serviceHeading: '', serviceDescription: '', fromdate: '', fromLocationDetails: null, privacyCode: 0 });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      serviceCode: [BARTER_MESSAGES.service],
      serviceHeading: [BARTER_MESSAGES.heading],
      serviceDescription: [BARTER_MESSAGES.description],
      fromdate: [BARTER_MESSAGES.startDate],
      fromLocationDetails: [BARTER_MESSAGES.from],
      privacyCode: [BARTER_MESSAGES.privacy],
    });
    const past = await call(a, 'POST', BARTER_PATHS.post, form({ fromdate: addDays(today, -3), todate: addDays(today, -4), serviceAppearDate: addDays(today, -5) }));
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ fromdate: [BARTER_MESSAGES.startPast], todate: [BARTER_MESSAGES.endBeforeStart], serviceAppearDate: [BARTER_MESSAGES.appearPast] });
    const late = await call(a, 'POST', BARTER_PATHS.post, form({ serviceAppearDate: addDays(today, 3), fromdate: addDays(today, 2) }));
    expect(late.body.errors).toEqual({ serviceAppearDate: [BARTER_MESSAGES.appearAfterStart] });
    expect((await call(a, 'POST', BARTER_PATHS.post, form({ serviceCode: 'NOPE' }))).body.errors).toEqual({ serviceCode: [BARTER_MESSAGES.unknownService] });
    const theirs = await uploadMedia(s, b);
    const video = await uploadMedia(s, a, 'video');
    for (const path of [theirs.path, video.path, '/media/gallery/0123456789abcdef0123456789abcdef.webp']) {
      const r = await call(a, 'POST', BARTER_PATHS.post, form({ serviceGalleries: [{ path }] }));
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual({ serviceGalleries: [BARTER_MESSAGES.imagesOnly] });
    }
    expect((await call(null, 'POST', BARTER_PATHS.post, form())).status).toBe(401);
    expect((await call(null, 'GET', BARTER_PATHS.all)).status).toBe(401);
    const badQuery = await call(a, 'GET', `${BARTER_PATHS.all}?latitude=10&longitude=10&radius=3`);
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.errors.radius).toBeDefined();
  });

  it('lets only the author update and delete: 403 to others, 404 when hidden or gone', async () => {
    const keep = await uploadMedia(s, a);
    const drop = await uploadMedia(s, a);
    const created = await call(a, 'POST', BARTER_PATHS.post, form({ serviceGalleries: [{ path: keep.path }, { path: drop.path }] }));
    const code = created.body.data.originalPost.serviceCode as string;
    const [kept, dropped] = created.body.data.serviceGalleries as { id: number; path: string }[];
    const added = await uploadMedia(s, a);
    const body = form({ serviceHeading: 'Physics too', serviceGalleries: [{ path: kept!.path, id: kept!.id }, { path: added.path }], deleteImages: [dropped!.id] });
    expect((await call(b, 'PUT', BARTER_PATHS.one(code), body)).status).toBe(403);
    expect((await call(b, 'DELETE', BARTER_PATHS.one(code))).status).toBe(403);
    const updated = await call(a, 'PUT', BARTER_PATHS.one(code), body);
    expect(updated.status).toBe(200);
    expect(updated.body.data.originalPost.serviceHeading).toBe('Physics too');
    expect(updated.body.data.serviceGalleries.map((g: { path: string }) => g.path)).toEqual([keep.path, added.path]);
    // The grid shows the same pictures, in their order, as the listing alone.
    const grid = await call(b, 'GET', `${BARTER_PATHS.all}?userCode=${a.userCode}`);
    const inGrid = (grid.body.data.userServices as BarterItem[]).find((i) => i.originalPost.serviceCode === code);
    expect(inGrid?.serviceGalleries).toEqual(updated.body.data.serviceGalleries);
    // Only me: hidden from others, so their change is a 404 like a missing one.
    await call(a, 'PUT', BARTER_PATHS.one(code), { ...body, privacyCode: 3, serviceGalleries: [], deleteImages: [] });
    expect((await call(b, 'DELETE', BARTER_PATHS.one(code))).status).toBe(404);
    const gone = await call(a, 'DELETE', BARTER_PATHS.one(code));
    expect(gone.status).toBe(200);
    expect((await call(a, 'DELETE', BARTER_PATHS.one(code))).status).toBe(404);
    expect((await call(a, 'PUT', BARTER_PATHS.one('NOPE'), body)).status).toBe(404);
  });

  it('shows each listing as its privacy says, in the grid and in search, counts included', async () => {
    const tag = randomBytes(3).toString('hex');
    await befriend(s.api, a, b);
    const made: Record<number, string> = {};
    for (const privacyCode of [1, 2, 3]) {
      const r = await call(a, 'POST', BARTER_PATHS.post, form({ privacyCode, serviceHeading: `Harpsichord ${tag} ${privacyCode}`, serviceCode: 'SV23' }));
      made[privacyCode] = r.body.data.originalPost.serviceCode;
    }
    const seen = async (m: TestMember) => {
      const grid = await call(m, 'GET', `${BARTER_PATHS.all}?userCode=${a.userCode}&serviceCode=SV23&pageSize=100`);
      const found = await call(m, 'GET', `${BARTER_PATHS.search}?keyword=${encodeURIComponent(`harpsichord ${tag}`)}`);
      return { grid: codes(grid).sort(), total: grid.body.totalRecords, search: found.body.data.searchedServices.map((i: BarterItem) => i.originalPost.serviceCode).sort(), searchTotal: found.body.totalRecords };
    };
    const all3 = [made[1]!, made[2]!, made[3]!].sort();
    const two = [made[1]!, made[2]!].sort();
    expect(await seen(a)).toEqual({ grid: all3, total: 3, search: all3, searchTotal: 3 });
    expect(await seen(b)).toEqual({ grid: two, total: 2, search: two, searchTotal: 2 });
    expect(await seen(c)).toEqual({ grid: [made[1]], total: 1, search: [made[1]], searchTotal: 1 });
  });

  it('filters by a week of dates (overlap), shows from the appear date on, pages by 8 newest first', async () => {
    const base = addDays(today, 10);
    const rows = await insertAt(c, [
      [1, 1],
      [1, 2],
      [1, 3],
    ], { fromDate: base, toDate: addDays(base, 2) });
    const later = await insertAt(c, [[1, 4]], { fromDate: addDays(base, 9) });
    const future = await insertAt(c, [[1, 5]], { appearOn: addDays(utcToday(), 3), fromDate: addDays(base, 3) });
    const window = (from: string, to?: string) => all(b, `userCode=${c.userCode}&fromdate=${from}${to ? `&todate=${to}` : ''}`);
    expect((await window(addDays(base, 2), addDays(base, 5))).sort()).toEqual(rows.map((r) => r.code).sort());
    expect(await window(addDays(base, 8), addDays(base, 10))).toEqual([later[0]!.code]);
    // Not yet appeared: not shown to others, shown to its author.
    expect(await window(addDays(base, 3), addDays(base, 3))).toEqual([]);
    expect(await all(b, `userCode=${c.userCode}`)).not.toContain(future[0]!.code);
    expect(await all(c, `userCode=${c.userCode}`)).toContain(future[0]!.code);
    const tooLong = await call(b, 'GET', `${BARTER_PATHS.all}?fromdate=${base}&todate=${addDays(base, 8)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ todate: [BARTER_MESSAGES.spanTooLong] });

    // 10 more listings: 8 a page, newest appear date first.
    const many = await insertAt(c, Array.from({ length: 10 }, (_, i) => [2, i] as [number, number]), { appearOn: utcToday() });
    const page1 = await call(b, 'GET', `${BARTER_PATHS.all}?userCode=${c.userCode}`);
    const page2 = await call(b, 'GET', `${BARTER_PATHS.all}?userCode=${c.userCode}&pageNo=2`);
    expect(codes(page1)).toHaveLength(8);
    expect(page1.body.totalRecords).toBe(14);
    // Past the last page: no listing, the count all the same.
    const past = await call(b, 'GET', `${BARTER_PATHS.all}?userCode=${c.userCode}&pageNo=3`);
    expect(codes(past)).toEqual([]);
    expect(past.body.totalRecords).toBe(14);
    const order = [...codes(page1), ...codes(page2)];
    expect(new Set(order).size).toBe(order.length);
    for (const m of many) expect(order).toContain(m.code);
  });
});
