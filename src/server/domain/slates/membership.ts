/**
 * The rows behind following a slate (db/schema/circles.ts): followers, open asks to follow,
 * and 'Later' dismissals. The admin is never a follower of their own slate. Each write
 * answers whether it changed anything, so a route can tell "done" from "nothing to do".
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { slateDismissals, slateFollowers, slateRequests } from '../../db/schema/circles';

/** Where a member stands with a slate, as stored now. */
export async function followingOf(db: Db, slateId: number, userId: number): Promise<'following' | 'requested' | null> {
  const [follower] = await db
    .select({ id: slateFollowers.userId })
    .from(slateFollowers)
    .where(and(eq(slateFollowers.slateId, slateId), eq(slateFollowers.userId, userId)))
    .limit(1);
  if (follower) return 'following';
  const [ask] = await db
    .select({ id: slateRequests.userId })
    .from(slateRequests)
    .where(and(eq(slateRequests.slateId, slateId), eq(slateRequests.userId, userId)))
    .limit(1);
  return ask ? 'requested' : null;
}

/** Makes `userId` a follower; their open ask and any 'Later' are answered by it. */
export async function addFollower(db: Db, slateId: number, userId: number): Promise<void> {
  await deleteAsk(db, slateId, userId);
  await db.delete(slateDismissals).where(and(eq(slateDismissals.slateId, slateId), eq(slateDismissals.userId, userId)));
  await db.insert(slateFollowers).values({ slateId, userId }).onConflictDoNothing();
}

export async function removeFollower(db: Db, slateId: number, userId: number): Promise<boolean> {
  const gone = await db
    .delete(slateFollowers)
    .where(and(eq(slateFollowers.slateId, slateId), eq(slateFollowers.userId, userId)))
    .returning({ id: slateFollowers.userId });
  return gone.length > 0;
}

export async function addAsk(db: Db, slateId: number, userId: number): Promise<void> {
  await db.insert(slateRequests).values({ slateId, userId }).onConflictDoNothing();
}

export async function deleteAsk(db: Db, slateId: number, userId: number): Promise<boolean> {
  const gone = await db
    .delete(slateRequests)
    .where(and(eq(slateRequests.slateId, slateId), eq(slateRequests.userId, userId)))
    .returning({ id: slateRequests.userId });
  return gone.length > 0;
}

/** 'Later': the slate is not suggested to the member again. */
export async function dismissSlate(db: Db, slateId: number, userId: number): Promise<void> {
  await db.insert(slateDismissals).values({ slateId, userId }).onConflictDoNothing();
}
