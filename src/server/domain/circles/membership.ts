/**
 * The rows behind circle membership (db/schema/circles.ts): members, open asks ('join') and
 * invitations ('invite') — at most one open per member and circle — and 'Later' dismissals.
 * Each write answers whether it changed anything, so a route can tell "done" from "nothing
 * to do" inside its one transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { circleDismissals, circleMembers, circleRequests } from '../../db/schema/circles';
import { friendsSql } from '../../policy/visibility';
import type { RequestKind } from './lists';

/** Where a member stands with a circle, as stored now. */
export async function standingOf(db: Db, circleId: number, userId: number): Promise<'member' | RequestKind | null> {
  const [member] = await db
    .select({ id: circleMembers.userId })
    .from(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)))
    .limit(1);
  if (member) return 'member';
  const [request] = await db
    .select({ kind: circleRequests.kind })
    .from(circleRequests)
    .where(and(eq(circleRequests.circleId, circleId), eq(circleRequests.userId, userId)))
    .limit(1);
  return (request?.kind as RequestKind | undefined) ?? null;
}

/** Makes `userId` a member; any open ask, invitation or dismissal of theirs is answered by it. */
export async function addMember(db: Db, circleId: number, userId: number): Promise<void> {
  await deleteRequest(db, circleId, userId);
  await undismiss(db, circleId, userId);
  await db.insert(circleMembers).values({ circleId, userId }).onConflictDoNothing();
}

export async function removeMember(db: Db, circleId: number, userId: number): Promise<boolean> {
  const gone = await db
    .delete(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)))
    .returning({ id: circleMembers.userId });
  return gone.length > 0;
}

export async function addRequest(db: Db, circleId: number, userId: number, kind: RequestKind): Promise<void> {
  await db.insert(circleRequests).values({ circleId, userId, kind }).onConflictDoNothing();
}

/** Deletes the member's open request (of `kind` only, when given); true when there was one. */
export async function deleteRequest(db: Db, circleId: number, userId: number, kind?: RequestKind): Promise<boolean> {
  const mine = and(eq(circleRequests.circleId, circleId), eq(circleRequests.userId, userId));
  const gone = await db
    .delete(circleRequests)
    .where(kind ? and(mine, eq(circleRequests.kind, kind)) : mine)
    .returning({ id: circleRequests.userId });
  return gone.length > 0;
}

/** 'Later': the circle is not suggested to the member again. */
export async function dismiss(db: Db, circleId: number, userId: number): Promise<void> {
  await db.insert(circleDismissals).values({ circleId, userId }).onConflictDoNothing();
}

export async function undismiss(db: Db, circleId: number, userId: number): Promise<void> {
  await db.delete(circleDismissals).where(and(eq(circleDismissals.circleId, circleId), eq(circleDismissals.userId, userId)));
}

/** `a` and `b` are billionetts. */
export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  const result = (await db.execute(sql`select ${friendsSql(sql`${a}::integer`, sql`${b}::integer`)} as yes`)) as unknown as { rows: { yes: boolean }[] };
  return Boolean(result.rows[0]?.yes);
}
