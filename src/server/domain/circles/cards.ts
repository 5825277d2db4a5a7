/**
 * Circle and slate cards (contract CircleCard, SlateCard): their columns, where the viewer
 * stands with each, and one page of cards in name order. The side menu's lists, a member's
 * lists, the asks and the searches all page cards here, so a card reads the same wherever
 * it is listed.
 */
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { CircleCard, CircleMembership, SlateCard, SlateFollowing } from '../../../contract/circles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { circleMembers, circleRequests, circles, slateFollowers, slateRequests, slates } from '../../db/schema/circles';
import { circleMemberSql, slateFollowerSql } from '../../policy/visibility';
import { offsetOf, type Listed, type Page } from '../paging';

export const memberCount = sql<number>`(select count(*)::int from ${circleMembers} where ${circleMembers.circleId} = ${circles.id})`;
export const followerCount = sql<number>`(select count(*)::int from ${slateFollowers} where ${slateFollowers.slateId} = ${slates.id})`;

/** Where the viewer stands with the circle of the row (contract circleMembership). */
export const circleMembershipSql = (viewerId: number) =>
  sql<CircleMembership>`case when ${circles.adminId} = ${viewerId} then 'owner' when ${circleMemberSql(circles.id, viewerId)} then 'member' else coalesce((select case ${circleRequests.kind} when 'join' then 'requested' else 'invited' end from ${circleRequests} where ${circleRequests.circleId} = ${circles.id} and ${circleRequests.userId} = ${viewerId}), 'none') end`;

/** Where the viewer stands with the slate of the row (contract slateFollowing). */
export const slateFollowingSql = (viewerId: number) =>
  sql<SlateFollowing>`case when ${slates.adminId} = ${viewerId} then 'owner' when ${slateFollowerSql(slates.id, viewerId)} then 'following' when exists (select 1 from ${slateRequests} where ${slateRequests.slateId} = ${slates.id} and ${slateRequests.userId} = ${viewerId}) then 'requested' else 'none' end`;

export const circleCardColumns = (viewerId: number) => ({
  groupCode: circles.groupCode,
  groupName: circles.name,
  groupCaption: circles.caption,
  groupCategoryName: circles.categoryName,
  groupProfilePic: circles.profilePic,
  groupAdminCode: users.userCode,
  statusCode: circles.statusCode,
  memberCount,
  membership: circleMembershipSql(viewerId),
});

export const slateCardColumns = (viewerId: number) => ({
  pageCode: slates.pageCode,
  pageName: slates.name,
  pageCaption: slates.caption,
  pageCategoryName: slates.categoryName,
  pageProfilePic: slates.profilePic,
  pageAdminCode: users.userCode,
  statusCode: slates.statusCode,
  followerCount,
  followingStatus: slateFollowingSql(viewerId),
});


/** The circles or the slates table, and the columns a page of cards orders and joins by. */
type OriginTable = { table: PgTable; adminId: PgColumn; name: PgColumn; id: PgColumn };
const circleTable: OriginTable = { table: circles, adminId: circles.adminId, name: circles.name, id: circles.id };
const slateTable: OriginTable = { table: slates, adminId: slates.adminId, name: slates.name, id: slates.id };

/**
 * One page of the circles or slates `where` picks, as cards of `columns`: `first` orders
 * before the name (the owner's own first, the best match first), the id breaks ties.
 * Drizzle cannot type a select over a table it is handed, so `Card` is the caller's word
 * for what `columns` select (cardFor / slateCardFor type the same columns for real).
 */
async function cardPage<Card>(db: Db, origins: OriginTable, columns: SelectedFields, where: SQL, page: Page, first: SQL[]): Promise<Listed<Card>> {
  const [total] = await db.select({ n: count() }).from(origins.table).where(where);
  const rows = await db
    .select(columns)
    .from(origins.table)
    .innerJoin(users, eq(users.id, origins.adminId))
    .where(where)
    .orderBy(...first, asc(origins.name), asc(origins.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return { rows: rows as Card[], total: Number(total?.n ?? 0) };
}

export const circleCardPage = (db: Db, viewerId: number, where: SQL, page: Page, first: SQL[] = []): Promise<Listed<CircleCard>> =>
  cardPage<CircleCard>(db, circleTable, circleCardColumns(viewerId), where, page, first);

export const slateCardPage = (db: Db, viewerId: number, where: SQL, page: Page, first: SQL[] = []): Promise<Listed<SlateCard>> =>
  cardPage<SlateCard>(db, slateTable, slateCardColumns(viewerId), where, page, first);
