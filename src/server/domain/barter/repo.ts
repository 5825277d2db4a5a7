/**
 * Barter listings: rows in, contract items (contract/barter.ts barterItem) out. What a
 * member may see is filtered in SQL before anything is counted (policy/visibility.ts
 * allowsSql: 1 every member, 2 the author's billionetts, 3 the author), and a listing shows
 * from its appear date on (its author sees it at once).
 *
 * Distance: earthdistance's `earth_box(centre, r) @> ll_to_earth(lat, lon)` is answered by
 * the GiST index on ll_to_earth(from_lat, from_lon) (a cube around the circle, so it holds
 * across the antimeridian and at the poles); `earth_distance(…) <= r` then keeps the exact
 * circle. Both use earthdistance's sphere (earth() = 6,378,168 m).
 */
import { and, asc, count, desc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BarterForm, BarterItem, BarterQuery, ServiceKind } from '../../../contract/barter';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { serviceKinds, serviceMedia, services } from '../../db/schema/barter';
import { professions } from '../../db/schema/masters';
import { plans } from '../../db/schema/plans';
import { allowsSql } from '../../policy/visibility';
import { newOriginCode } from '../circles/codes';
import { nameMatch } from '../search/match';
import { filterWindow, utcToday } from './dates';

export type Page = { pageNo: number; pageSize: number };
export type Listed = { rows: BarterItem[]; total: number };

/** What a viewer may see of listings: the privacy rule, and the appear date (not for the author). */
export const serviceVisibleSql = (viewerId: number): SQL =>
  sql`(${services.authorId} = ${viewerId} or (${services.appearOn} <= ${utcToday()}::date and ${allowsSql(services.privacyCode, services.authorId, viewerId)}))`;

/** Within `km` of (lat, lon): the indexed box, then the exact distance. */
export const withinSql = (lat: number, lon: number, km: number): SQL => {
  const centre = sql`ll_to_earth(${lat}::float8, ${lon}::float8)`;
  const place = sql`ll_to_earth(${services.fromLat}, ${services.fromLon})`;
  const metres = km * 1000;
  return sql`(earth_box(${centre}, ${metres}::float8) @> ${place} and earth_distance(${centre}, ${place}) <= ${metres}::float8)`;
};

/** Listings running on at least one day of the window. */
const overlapsSql = (from: string, to: string): SQL =>
  sql`(${services.fromDate} <= ${to}::date and coalesce(${services.toDate}, ${services.fromDate}) >= ${from}::date)`;

export function filtersOf(viewerId: number, q: BarterQuery, authorId?: number | null): SQL {
  const parts: SQL[] = [serviceVisibleSql(viewerId)];
  if (q.serviceCode) parts.push(eq(services.kindCode, q.serviceCode));
  if (q.radius !== undefined && q.latitude !== undefined && q.longitude !== undefined) parts.push(withinSql(q.latitude, q.longitude, q.radius));
  const window = filterWindow(q.fromdate, q.todate);
  if (window) parts.push(overlapsSql(window.from, window.to));
  if (authorId !== undefined) parts.push(authorId === null ? sql`false` : eq(services.authorId, authorId));
  return and(...parts)!;
}

/** A column named with its table: in a select from one table drizzle leaves the table out, and a subquery's own table would take the name. */
const named = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * What a listing shows besides its own columns: its kind's name, its author (with their plan
 * and profession) and its pictures in their order. Each is a subquery of the listing's row,
 * which PostgreSQL evaluates for the page's rows alone, after the sort and limit (an
 * expensive output is kept until then). As joins they were planned with every statement
 * (five tables: ~1.4 ms of planning a page on the embedded database, which plans each
 * statement afresh) and joined to every match before the page was cut. The foreign keys
 * (not null) make each always present, as the inner joins required.
 */
type PostedBy = BarterItem['originalPost']['postedBy'];
const kindNameSql = sql<string>`(select ${named(serviceKinds.serviceName)} from ${serviceKinds} where ${named(serviceKinds.serviceCode)} = ${named(services.kindCode)})`;
const postedBySql = sql<PostedBy>`(
  select json_build_object('userCode', ${named(users.userCode)}, 'displayName', ${named(users.displayName)},
    'professionName', coalesce((select ${named(professions.professionName)} from ${professions} where ${named(professions.professionCode)} = ${named(users.professionCode)}), ''),
    'planName', (select ${named(plans.planName)} from ${plans} where ${named(plans.planCode)} = ${named(users.planCode)}))
  from ${users} where ${named(users.id)} = ${named(services.authorId)})`;
const picturesSql = sql<BarterItem['serviceGalleries']>`coalesce((
  select json_agg(json_build_object('id', ${named(serviceMedia.id)}, 'path', ${named(serviceMedia.path)}, 'width', ${named(serviceMedia.width)}, 'height', ${named(serviceMedia.height)})
    order by ${named(serviceMedia.position)}, ${named(serviceMedia.id)})
  from ${serviceMedia} where ${named(serviceMedia.serviceId)} = ${named(services.id)}), '[]'::json)`;

const columns = {
  code: services.code,
  kindCode: services.kindCode,
  kindName: kindNameSql,
  heading: services.heading,
  description: services.description,
  fromDate: services.fromDate,
  toDate: services.toDate,
  appearOn: services.appearOn,
  privacyCode: services.privacyCode,
  postedBy: postedBySql,
  fromPlaceId: services.fromPlaceId,
  fromPlace: services.fromPlace,
  fromLat: services.fromLat,
  fromLon: services.fromLon,
  toPlaceId: services.toPlaceId,
  toPlace: services.toPlace,
  toLat: services.toLat,
  toLon: services.toLon,
  pictures: picturesSql,
};

/**
 * Listings matching `where`, in `order`, a page of them (null: all), and the count of every
 * match on each row. One statement: the page, its pictures and the count (an uncorrelated
 * subquery, run once) were three round trips, each planned afresh on the embedded database
 * (BUDGETS.md: service/all p99 ≤ 20 ms, on the slowed run too).
 */
async function itemsOf(db: Db, where: SQL, page: Page | null, order: SQL[] = [desc(services.appearOn), desc(services.createdAt), desc(services.id)]) {
  const total = sql<number>`(select count(*) from ${services} where ${where})`.mapWith(Number);
  const query = db
    .select({ ...columns, total })
    .from(services)
    .where(where)
    .orderBy(...order);
  const rows = page ? await query.limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize) : await query;
  const items = rows.map(
    (r): BarterItem => ({
      originalPost: {
        serviceCode: r.code,
        serviceCategoryCode: r.kindCode,
        serviceName: r.kindName,
        serviceHeading: r.heading,
        serviceDescription: r.description,
        fromdate: r.fromDate,
        todate: r.toDate,
        serviceAppearDate: r.appearOn,
        privacyCode: r.privacyCode,
        postedBy: r.postedBy,
      },
      location: {
        fromplaceId: r.fromPlaceId,
        fromplaceName: r.fromPlace,
        fromlatitude: r.fromLat,
        fromlongitude: r.fromLon,
        toplaceId: r.toPlaceId,
        toplaceName: r.toPlace,
        tolatitude: r.toLat,
        tolongitude: r.toLon,
      },
      serviceGalleries: r.pictures,
    }),
  );
  return { items, total: rows[0]?.total };
}

/** A page of listings and the count of every match; past the last page (no row carries the count) it is read alone. */
export async function listServices(db: Db, where: SQL, page: Page, order?: SQL[]): Promise<Listed> {
  const { items, total } = await itemsOf(db, where, page, order);
  if (total !== undefined) return { rows: items, total };
  if (page.pageNo === 1) return { rows: items, total: 0 };
  const [all] = await db.select({ n: count() }).from(services).where(where);
  return { rows: items, total: Number(all?.n ?? 0) };
}

/** Listings whose heading (or its service's name) matches the text, best first, as search/service answers. */
export async function searchServices(db: Db, viewerId: number, keyword: string, page: Page): Promise<Listed> {
  const match = nameMatch(services.heading, keyword);
  const kinds = db.select({ code: serviceKinds.serviceCode }).from(serviceKinds).where(nameMatch(serviceKinds.serviceName, keyword).where);
  const where = and(serviceVisibleSql(viewerId), sql`(${match.where} or ${services.kindCode} in ${kinds})`)!;
  return listServices(db, where, page, [...match.order, desc(services.appearOn), desc(services.id)]);
}

export async function itemById(db: Db, id: number): Promise<BarterItem | null> {
  const { items } = await itemsOf(db, eq(services.id, id), null);
  return items[0] ?? null;
}

/** A listing as the `author` access rule needs it: who wrote it and whether the caller may see it. */
export async function serviceRef(db: Db, code: string, viewerId: number): Promise<{ id: number; authorId: number; visible: boolean } | null> {
  const [row] = await db
    .select({ id: services.id, authorId: services.authorId, visible: sql<boolean>`${serviceVisibleSql(viewerId)}` })
    .from(services)
    .where(eq(services.code, code))
    .limit(1);
  return row ?? null;
}

export async function codeTaken(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.code, code)).limit(1);
  return Boolean(row);
}

export async function kindExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ code: serviceKinds.serviceCode }).from(serviceKinds).where(eq(serviceKinds.serviceCode, code)).limit(1);
  return Boolean(row);
}

/** The services master matching the text (the form's picker), prefix matches first. */
export async function searchKinds(db: Db, text: string): Promise<ServiceKind[]> {
  const match = nameMatch(serviceKinds.serviceName, text);
  return db
    .select({ serviceCode: serviceKinds.serviceCode, serviceName: serviceKinds.serviceName })
    .from(serviceKinds)
    .where(match.where)
    .orderBy(...match.order, asc(serviceKinds.sortOrder))
    .limit(20);
}

const rowOf = (form: BarterForm, appearOn: string) => ({
  kindCode: form.serviceCode,
  heading: form.serviceHeading,
  description: form.serviceDescription,
  privacyCode: form.privacyCode,
  appearOn,
  fromDate: form.fromdate,
  toDate: form.todate || null,
  fromPlaceId: form.fromLocationDetails!.placeId,
  fromPlace: form.fromLocationDetails!.place,
  fromLat: form.fromLocationDetails!.latitude,
  fromLon: form.fromLocationDetails!.longitude,
  toPlaceId: form.toLocationDetails?.placeId ?? null,
  toPlace: form.toLocationDetails?.place ?? null,
  toLat: form.toLocationDetails?.latitude ?? null,
  toLon: form.toLocationDetails?.longitude ?? null,
});

export type Picture = { path: string; width: number; height: number };

export async function createService(db: Db, authorId: number, form: BarterForm, appearOn: string, pictures: Picture[]): Promise<number> {
  const [row] = await db
    .insert(services)
    .values({ code: form.userServiceCode ?? newOriginCode('B'), authorId, ...rowOf(form, appearOn) })
    .returning({ id: services.id });
  await addPictures(db, row!.id, pictures, 0);
  return row!.id;
}

export async function updateService(db: Db, id: number, form: BarterForm, appearOn: string, added: Picture[]): Promise<void> {
  await db.update(services).set(rowOf(form, appearOn)).where(eq(services.id, id));
  if (form.deleteImages.length) await db.delete(serviceMedia).where(and(eq(serviceMedia.serviceId, id), inArray(serviceMedia.id, form.deleteImages)));
  const [last] = await db.select({ n: sql<number>`coalesce(max(${serviceMedia.position}), -1)` }).from(serviceMedia).where(eq(serviceMedia.serviceId, id));
  await addPictures(db, id, added, Number(last?.n ?? -1) + 1);
}

async function addPictures(db: Db, serviceId: number, pictures: Picture[], from: number): Promise<void> {
  if (pictures.length) await db.insert(serviceMedia).values(pictures.map((p, i) => ({ serviceId, ...p, position: from + i })));
}

/** Pictures the listing has now (an update may keep, add and take off). */
export async function pictureCount(db: Db, serviceId: number): Promise<{ ids: number[] }> {
  const rows = await db.select({ id: serviceMedia.id }).from(serviceMedia).where(eq(serviceMedia.serviceId, serviceId));
  return { ids: rows.map((r) => r.id) };
}

export async function deleteService(db: Db, id: number): Promise<void> {
  await db.delete(services).where(eq(services.id, id));
}
