/**
 * The slate lists of spec §2.10 beyond the side menu's: a member's own and followed slates
 * as a viewer may see them, the slates I asked to follow, my suggestions, and one slate's
 * card as the caller now sees it (the answer of every follow write). A slate the viewer may
 * not read never appears; paused ones stay in their admin's and followers' lists (dimmed).
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { STATUS_ACTIVE } from '../../../contract/codes';
import type { SlateCard, SlateFollowing } from '../../../contract/circles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { slateDismissals, slateFollowers, slateRequests, slates } from '../../db/schema/circles';
import { friendIdsSql, slateFollowerSql, slateReadableSql } from '../../policy/visibility';
import { slateCardColumns, slateCardPage, slateFollowingSql } from '../circles/cards';
import { suggestionRank } from '../circles/suggestions';
import type { Listed, Page } from '../paging';

const askedSql = (me: number): SQL =>
  sql`exists (select 1 from ${slateRequests} where ${slateRequests.slateId} = ${slates.id} and ${slateRequests.userId} = ${me})`;

/** The slates `ownerId` administers ('own') or follows ('following'), those `viewerId` may read. */
export function listSlatesOf(db: Db, ownerId: number, viewerId: number, which: 'own' | 'following', page: Page): Promise<Listed<SlateCard>> {
  const whose = which === 'own' ? eq(slates.adminId, ownerId) : and(slateFollowerSql(slates.id, ownerId), ne(slates.adminId, ownerId));
  return slateCardPage(db, viewerId, and(whose, slateReadableSql(slates, viewerId))!, page);
}

/** Slates I asked to follow and may still read. */
export function listAsked(db: Db, me: number, page: Page): Promise<Listed<SlateCard>> {
  return slateCardPage(db, me, and(askedSql(me), slateReadableSql(slates, me))!, page);
}

const candidates = (me: number) =>
  and(
    eq(slates.statusCode, STATUS_ACTIVE),
    ne(slates.adminId, me),
    slateReadableSql(slates, me),
    sql`not ${slateFollowerSql(slates.id, me)}`,
    sql`not ${askedSql(me)}`,
    sql`not exists (select 1 from ${slateDismissals} where ${slateDismissals.slateId} = ${slates.id} and ${slateDismissals.userId} = ${me})`,
  )!;

/**
 * Suggested slates, ranked like suggested circles (domain/circles/suggestions.ts): how many
 * of my billionetts follow it, then the slate is for my profession, then its admin lives
 * where I live, then its name.
 */
export async function listSlateSuggestions(db: Db, me: number, page: Page): Promise<Listed<SlateCard>> {
  const friendsFollowing = sql`(select count(*) from ${slateFollowers} where ${slateFollowers.slateId} = ${slates.id} and ${slateFollowers.userId} = any(${friendIdsSql(me)}))`;
  return slateCardPage(db, me, candidates(me), page, await suggestionRank(db, me, friendsFollowing, slates.typeCode));
}

/** The slate's card as the viewer now sees it, or null when they may no longer read it. */
export async function slateCardFor(db: Db, viewerId: number, slateId: number): Promise<SlateCard | null> {
  const [row] = await db
    .select(slateCardColumns(viewerId))
    .from(slates)
    .innerJoin(users, eq(users.id, slates.adminId))
    .where(and(eq(slates.id, slateId), slateReadableSql(slates, viewerId)))
    .limit(1);
  return row ?? null;
}

export async function followingStatusOf(db: Db, viewerId: number, slateId: number): Promise<SlateFollowing> {
  const [row] = await db.select({ status: slateFollowingSql(viewerId) }).from(slates).where(eq(slates.id, slateId)).limit(1);
  return row?.status ?? 'none';
}
