/**
 * The circle lists of spec §2.10 beyond the side menu's (repo.ts listCircles): a member's
 * own and followed circles as a viewer may see them, the circles I asked to join, those
 * I was invited to, and one circle's card as the caller now sees it (the answer of every
 * membership write). Paused circles stay in their owner's and members' lists (the client
 * dims them); a circle the viewer may not read never appears.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { CircleCard, CircleMembership } from '../../../contract/circles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { circleRequests, circles } from '../../db/schema/circles';
import { circleMemberSql, circleReadableSql } from '../../policy/visibility';
import type { Listed, Page } from '../paging';
import { circleCardColumns, circleCardPage, circleMembershipSql } from './cards';

export type RequestKind = 'join' | 'invite';

/** The viewer has an open request of `kind` on the circle of the row. */
export const pendingSql = (viewerId: number, kind: RequestKind): SQL =>
  sql`exists (select 1 from ${circleRequests} where ${circleRequests.circleId} = ${circles.id} and ${circleRequests.userId} = ${viewerId} and ${circleRequests.kind} = ${kind})`;

/** What policy/origins.ts loadOrigin lets the viewer see: a readable circle, or one they are invited to. */
export const circleVisibleSql = (viewerId: number): SQL => sql`(${circleReadableSql(circles, viewerId)} or ${pendingSql(viewerId, 'invite')})`;

/**
 * The circles `ownerId` owns ('own') or belongs to without owning ('following'), those
 * `viewerId` may read (all of them when the viewer is that member).
 */
export function listCirclesOf(db: Db, ownerId: number, viewerId: number, which: 'own' | 'following', page: Page): Promise<Listed<CircleCard>> {
  const whose = which === 'own' ? eq(circles.adminId, ownerId) : and(circleMemberSql(circles.id, ownerId), ne(circles.adminId, ownerId));
  return circleCardPage(db, viewerId, and(whose, circleReadableSql(circles, viewerId))!, page);
}

/** Circles I asked to join ('join', still readable to me) or whose owner invited me ('invite'). */
export function listPending(db: Db, me: number, kind: RequestKind, page: Page): Promise<Listed<CircleCard>> {
  const where = kind === 'join' ? and(pendingSql(me, 'join'), circleReadableSql(circles, me))! : pendingSql(me, 'invite');
  return circleCardPage(db, me, where, page);
}

/** The circle's card as the viewer now sees it, or null when they may no longer read it. */
export async function cardFor(db: Db, viewerId: number, circleId: number): Promise<CircleCard | null> {
  const [row] = await db
    .select(circleCardColumns(viewerId))
    .from(circles)
    .innerJoin(users, eq(users.id, circles.adminId))
    .where(and(eq(circles.id, circleId), circleVisibleSql(viewerId)))
    .limit(1);
  return row ?? null;
}

/** Where the viewer stands with the circle (readable or not). */
export async function membershipOf(db: Db, viewerId: number, circleId: number): Promise<CircleMembership> {
  const [row] = await db.select({ membership: circleMembershipSql(viewerId) }).from(circles).where(eq(circles.id, circleId)).limit(1);
  return row?.membership ?? 'none';
}
