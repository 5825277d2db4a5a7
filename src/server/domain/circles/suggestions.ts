/**
 * Suggested circles (spec §2.10 "Suggestion Circles"), ranked in one SQL statement:
 *   1. how many of the caller's billionetts are its members (most first);
 *   2. the circle is for the caller's profession (circles.type_code = users.profession_code);
 *   3. its owner lives where the caller lives (users.location_name, as billionett
 *      suggestions compare locations);
 *   4. its name.
 * Only circles the caller may read, active, not theirs, not already joined, without an open
 * ask or invitation, not dismissed ('Later'), and open to asks (a 'requests' privacy of 3
 * means invitation only: Follow could not work, so it is not suggested).
 */
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PRIVACY, STATUS_ACTIVE } from '../../../contract/codes';
import type { CircleCard } from '../../../contract/circles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { circleDismissals, circleMembers, circleRequests, circles } from '../../db/schema/circles';
import { circleMemberSql, circleReadableSql, friendIdsSql } from '../../policy/visibility';
import { offsetOf, type Listed, type Page } from '../paging';
import { circleCardColumns } from './cards';

const candidates = (me: number) =>
  and(
    eq(circles.statusCode, STATUS_ACTIVE),
    ne(circles.adminId, me),
    ne(circles.requestsPrivacy, PRIVACY.onlyMe),
    circleReadableSql(circles, me),
    sql`not ${circleMemberSql(circles.id, me)}`,
    sql`not exists (select 1 from ${circleRequests} where ${circleRequests.circleId} = ${circles.id} and ${circleRequests.userId} = ${me})`,
    sql`not exists (select 1 from ${circleDismissals} where ${circleDismissals.circleId} = ${circles.id} and ${circleDismissals.userId} = ${me})`,
  )!;

/**
 * The ranking terms 1 to 3 above, for circles and slates alike (domain/slates/lists.ts):
 * `billionettsInside` counts the caller's billionetts among its members or followers,
 * `typeCode` is its type (a profession code); its owner is the query's `users` row.
 */
export async function suggestionRank(db: Db, me: number, billionettsInside: SQL, typeCode: PgColumn): Promise<SQL[]> {
  const [mine] = await db.select({ professionCode: users.professionCode, locationName: users.locationName }).from(users).where(eq(users.id, me)).limit(1);
  const profession = mine?.professionCode ?? '';
  const location = mine?.locationName ?? '';
  // A member without a profession or location gets no term for it (a constant cannot be ordered by).
  return [
    desc(billionettsInside),
    ...(profession ? [desc(sql`(${typeCode} = ${profession})`)] : []),
    ...(location ? [desc(sql`(${users.locationName} = ${location})`)] : []),
  ];
}

export async function listCircleSuggestions(db: Db, me: number, page: Page): Promise<Listed<CircleCard>> {
  const friendsInside = sql`(select count(*) from ${circleMembers} where ${circleMembers.circleId} = ${circles.id} and ${circleMembers.userId} = any(${friendIdsSql(me)}))`;
  const offset = offsetOf(page);
  const order = [...(await suggestionRank(db, me, friendsInside, circles.typeCode)), asc(circles.name), asc(circles.id)];
  const rows = await db
    .select({ ...circleCardColumns(me), total: sql<number>`count(*) over ()` })
    .from(circles)
    .innerJoin(users, eq(users.id, circles.adminId))
    .where(candidates(me))
    .orderBy(...order)
    .limit(page.pageSize)
    .offset(offset);
  // A page past the end has no rows to carry the window count; count separately then.
  const total = rows[0] ? Number(rows[0].total) : offset > 0 ? Number((await db.select({ n: sql<number>`count(*)` }).from(circles).where(candidates(me)))[0]?.n ?? 0) : 0;
  return { rows: rows.map(({ total: _total, ...card }) => card), total };
}
