/**
 * The global searches (contract/search.ts): members, circles and slates by name. Circles
 * and slates are filtered by what the searcher may read (policy/visibility.ts, the same
 * SQL every list uses) before they are counted, so a hidden one counts nowhere; a paused
 * one is found by its owner alone.
 */
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { STATUS_ACTIVE } from '../../../contract/codes';
import type { CircleCard, SlateCard } from '../../../contract/circles';
import type { ConnectionCard } from '../../../contract/friends';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { circles, slates } from '../../db/schema/circles';
import { professions } from '../../db/schema/masters';
import { plans } from '../../db/schema/plans';
import { circleReadableSql, slateReadableSql } from '../../policy/visibility';
import { circleCardPage, slateCardPage } from '../circles/cards';
import { cardColumns, toCard } from '../members';
import { offsetOf, type Listed, type Page } from '../paging';
import { foldedMatch, nameMatch } from './match';

export async function searchMembers(db: Db, text: string, page: Page): Promise<Listed<ConnectionCard>> {
  const match = foldedMatch(users.searchName, text);
  // One statement: the count rides along as a window over the same matches (each match's
  // recheck, a trigram comparison, then runs once, not once for the count and once for the page).
  // Unnamed, so planned with the text in hand: billionett_fold(text) is folded once. A named
  // statement's generic plan folds it again on every row (100,000 members, 'soren sorensen':
  // 54 ms against 18 ms).
  const rows = await db
    .select({ ...cardColumns, total: sql<number>`count(*) over ()` })
    .from(users)
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(match.where)
    .orderBy(...match.order, asc(users.displayName), asc(users.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  // Past the last page no row carries the total.
  const total = rows[0]?.total ?? (page.pageNo > 1 ? (await db.select({ n: count() }).from(users).where(match.where))[0]?.n : 0);
  return { rows: rows.map(toCard), total: Number(total ?? 0) };
}

export function searchCircles(db: Db, me: number, text: string, page: Page): Promise<Listed<CircleCard>> {
  const match = nameMatch(circles.name, text);
  const where: SQL = and(match.where, circleReadableSql(circles, me), or(eq(circles.statusCode, STATUS_ACTIVE), eq(circles.adminId, me)))!;
  return circleCardPage(db, me, where, page, match.order);
}

export function searchSlates(db: Db, me: number, text: string, page: Page): Promise<Listed<SlateCard>> {
  const match = nameMatch(slates.name, text);
  const where: SQL = and(match.where, slateReadableSql(slates, me), or(eq(slates.statusCode, STATUS_ACTIVE), eq(slates.adminId, me)))!;
  return slateCardPage(db, me, where, page, match.order);
}
