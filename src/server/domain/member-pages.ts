/**
 * Members listed as cards through a table that names them (a circle's members or asks, a
 * slate's followers or asks, a member's billionett requests), and the chart of such members
 * by profession. The circle and slate owner screens and the billionetts screens list people
 * alike, so the joins, the count and the page are written here once.
 */
import { asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { professions } from '../db/schema/masters';
import { plans } from '../db/schema/plans';
import { cardColumns } from './members';
import { offsetOf, type Listed, type Page } from './paging';

/** A table whose rows each name one member, and the column that names them. */
export type MemberLink = { table: PgTable; userId: PgColumn };

const rowColumns = { ...cardColumns, userId: users.id };
type LinkedRow = { userId: number; userCode: string; displayName: string; gender: string; planName: string; professionName: string | null; profileDp: string | null };

/**
 * Joins the link to the members it names. The select's named fields are what the rows
 * carry whatever is joined: hence the cast back to the query's own type.
 */
const throughLink = <T extends PgSelect>(q: T, link: MemberLink): T => q.innerJoin(link.table, eq(link.userId, users.id)) as unknown as T;

/**
 * One page of the members `link` names where `where` holds (or of members themselves, with
 * no link), in `order`, with how many there are in all. Each row carries the member's id,
 * so a caller can tell one member (the owner) from the others.
 */
export async function memberCardPage(db: Db, link: MemberLink | null, where: SQL | undefined, order: SQL[], page: Page): Promise<Listed<LinkedRow>> {
  const [total] = await db
    .select({ n: count() })
    .from(link?.table ?? users)
    .where(where);
  const people = db
    .select(rowColumns)
    .from(users)
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .$dynamic();
  const rows = await (link ? throughLink(people, link) : people)
    .where(where)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return { rows, total: Number(total?.n ?? 0) };
}

/** The members chart: the members `link` names where `where` holds, by profession (largest first; none is 'Others'). */
export async function membersByProfession(db: Db, link: MemberLink, where: SQL): Promise<{ name: string; count: number }[]> {
  const groups = await db
    .select({ name: professions.professionName, n: count() })
    .from(link.table)
    .innerJoin(users, eq(users.id, link.userId))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(where)
    .groupBy(professions.professionName)
    .orderBy(desc(count()), asc(professions.professionName));
  return groups.map((g) => ({ name: g.name ?? 'Others', count: Number(g.n) }));
}
