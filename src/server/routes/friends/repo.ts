/**
 * Billionett queries: rows in, contract shapes (ConnectionCard, FriendRelation) out.
 * Lists come back as { rows, total } so the route can answer data + totalRecords.
 */
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { memberCardPage } from '../../domain/member-pages';
import { cardColumns, toCard } from '../../domain/members';
import { offsetOf, type Listed as PageOf, type Page } from '../../domain/paging';
import type { ConnectionCard, FriendRelation } from '../../../contract/friends';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { friendDismissals, friendRequests, friendships } from '../../db/schema/friendships';
import { professions } from '../../db/schema/masters';
import { plans } from '../../db/schema/plans';

export type { Page };
export type Listed = PageOf<ConnectionCard>;

export { cardColumns, toCard };

const ordered = (a: number, b: number) => (a < b ? { userA: a, userB: b } : { userA: b, userB: a });

/** The other member of a friendship row of `ownerId`. */
const otherOf = (ownerId: number) => sql`case when ${friendships.userA} = ${ownerId} then ${friendships.userB} else ${friendships.userA} end`;
const friendshipsOf = (ownerId: number) => or(eq(friendships.userA, ownerId), eq(friendships.userB, ownerId));

/** `%` and `_` typed by a member are literal characters, not wildcards. */
const likePattern = (keyWord: string) => `%${keyWord.replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest friendships first, so a billionett just accepted is on page 1. */
export async function listFriends(db: Db, ownerId: number, page: Page, keyWord?: string): Promise<Listed> {
  const filters: (SQL | undefined)[] = [friendshipsOf(ownerId)];
  if (keyWord) {
    const pattern = likePattern(keyWord);
    filters.push(or(ilike(users.displayName, pattern), ilike(professions.professionName, pattern)));
  }
  const where = and(...filters);
  const [totalRow] = await db
    .select({ n: count() })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherOf(ownerId)))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(where);
  const rows = await db
    .select(cardColumns)
    .from(friendships)
    .innerJoin(users, eq(users.id, otherOf(ownerId)))
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(where)
    .orderBy(desc(friendships.createdAt), asc(users.displayName), asc(users.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return { rows: rows.map(toCard), total: totalRow?.n ?? 0 };
}

/** Requests received (`direction` 'received') or sent ('sent') by `ownerId`, newest first. */
export async function listRequests(db: Db, ownerId: number, direction: 'received' | 'sent', page: Page): Promise<Listed> {
  const mine = direction === 'received' ? eq(friendRequests.toId, ownerId) : eq(friendRequests.fromId, ownerId);
  const other = { table: friendRequests, userId: direction === 'received' ? friendRequests.fromId : friendRequests.toId };
  const { rows, total } = await memberCardPage(db, other, mine, [desc(friendRequests.createdAt), asc(users.id)], page);
  return { rows: rows.map(toCard), total };
}

export async function loadCard(db: Db, userId: number): Promise<ConnectionCard | null> {
  const [row] = await db
    .select(cardColumns)
    .from(users)
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? toCard(row) : null;
}

export async function hasRequest(db: Db, fromId: number, toId: number): Promise<boolean> {
  const [row] = await db
    .select({ from: friendRequests.fromId })
    .from(friendRequests)
    .where(and(eq(friendRequests.fromId, fromId), eq(friendRequests.toId, toId)))
    .limit(1);
  return Boolean(row);
}

export async function isFriend(db: Db, a: number, b: number): Promise<boolean> {
  const pair = ordered(a, b);
  const [row] = await db
    .select({ a: friendships.userA })
    .from(friendships)
    .where(and(eq(friendships.userA, pair.userA), eq(friendships.userB, pair.userB)))
    .limit(1);
  return Boolean(row);
}

export async function relationBetween(db: Db, me: number, other: number): Promise<FriendRelation> {
  if (await isFriend(db, me, other)) return 'friend';
  if (await hasRequest(db, me, other)) return 'requestSent';
  if (await hasRequest(db, other, me)) return 'requestReceived';
  return 'none';
}

export async function insertRequest(db: Db, fromId: number, toId: number): Promise<void> {
  await db.insert(friendRequests).values({ fromId, toId }).onConflictDoNothing();
}

/** Deletes the request from → to; true when there was one. */
export async function deleteRequest(db: Db, fromId: number, toId: number): Promise<boolean> {
  const gone = await db
    .delete(friendRequests)
    .where(and(eq(friendRequests.fromId, fromId), eq(friendRequests.toId, toId)))
    .returning({ from: friendRequests.fromId });
  return gone.length > 0;
}

/** Both members become billionetts; any request between them is answered by it. */
export async function makeFriends(db: Db, a: number, b: number): Promise<void> {
  await deleteRequest(db, a, b);
  await deleteRequest(db, b, a);
  await db.insert(friendships).values(ordered(a, b)).onConflictDoNothing();
}

export async function deleteFriendship(db: Db, a: number, b: number): Promise<boolean> {
  const pair = ordered(a, b);
  const gone = await db
    .delete(friendships)
    .where(and(eq(friendships.userA, pair.userA), eq(friendships.userB, pair.userB)))
    .returning({ a: friendships.userA });
  return gone.length > 0;
}

export async function dismiss(db: Db, userId: number, dismissedId: number): Promise<void> {
  await db.insert(friendDismissals).values({ userId, dismissedId }).onConflictDoNothing();
}

export async function undismiss(db: Db, userId: number, dismissedId: number): Promise<void> {
  await db.delete(friendDismissals).where(and(eq(friendDismissals.userId, userId), eq(friendDismissals.dismissedId, dismissedId)));
}

/** Billionetts of `ownerId` by profession: every profession with its count, largest first. */
export async function countByProfession(db: Db, ownerId: number): Promise<{ code: string; name: string; count: number }[]> {
  const rows = await db
    .select({ code: users.professionCode, name: professions.professionName, n: count() })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherOf(ownerId)))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(friendshipsOf(ownerId))
    .groupBy(users.professionCode, professions.professionName)
    .orderBy(desc(count()), asc(professions.professionName));
  return rows.map((r) => ({ code: r.code, name: r.name ?? '', count: r.n }));
}
