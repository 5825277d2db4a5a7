/**
 * One circle's people (spec §2.10 "Circle members page", contract/circle-admin.ts): its
 * members (the owner first), the open asks to join, the invited members, the owner's
 * billionetts who could still be invited, the counts every owner write answers, and the
 * members chart by profession.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CircleMember, Invitee, OriginReport, OriginRequest } from '../../../contract/circle-admin';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { circleMembers, circleRequests } from '../../db/schema/circles';
import { friendIdsSql } from '../../policy/visibility';
import { memberCardPage, membersByProfession } from '../member-pages';
import { toCard } from '../members';
import type { Listed, Page } from '../paging';
import type { RequestKind } from './lists';

const membersOf = { table: circleMembers, userId: circleMembers.userId };
const requestsOf = { table: circleRequests, userId: circleRequests.userId };

/** Its members, the owner first, then by when they joined. */
export async function listMembers(db: Db, circleId: number, adminId: number, page: Page): Promise<Listed<CircleMember>> {
  const order = [desc(sql`${circleMembers.userId} = ${adminId}`), asc(circleMembers.joinedAt), asc(users.id)];
  const { rows, total } = await memberCardPage(db, membersOf, eq(circleMembers.circleId, circleId), order, page);
  const listed = rows.map((r) => {
    const { userCode, displayName, gender, ...rest } = toCard(r);
    return { groupMemberCode: userCode, groupMemberName: displayName, groupMemberGender: gender, ...rest, isOwner: r.userId === adminId };
  });
  return { rows: listed, total };
}

/** The open asks to join ('join') or the invitations ('invite'), newest first. */
export async function listRequests(db: Db, circleId: number, kind: RequestKind, page: Page): Promise<Listed<OriginRequest>> {
  const where = and(eq(circleRequests.circleId, circleId), eq(circleRequests.kind, kind));
  const { rows, total } = await memberCardPage(db, requestsOf, where, [desc(circleRequests.createdAt), asc(users.id)], page);
  return { rows: rows.map((r) => ({ requestCode: r.userCode, ...toCard(r) })), total };
}

/** The owner's billionetts not in the circle and without an open ask or invitation, by name. */
export async function listInviteCandidates(db: Db, circleId: number, ownerId: number, page: Page): Promise<Listed<Invitee>> {
  const where: SQL = sql`${users.id} = any(${friendIdsSql(ownerId)})
    and not exists (select 1 from ${circleMembers} where ${circleMembers.circleId} = ${circleId} and ${circleMembers.userId} = ${users.id})
    and not exists (select 1 from ${circleRequests} where ${circleRequests.circleId} = ${circleId} and ${circleRequests.userId} = ${users.id})`;
  const { rows, total } = await memberCardPage(db, null, where, [asc(users.displayName), asc(users.id)], page);
  return { rows: rows.map(toCard), total };
}

export type CircleCounts = { count: number; requests: number; invited: number };

/** Members (the owner included), open asks and open invitations. */
export async function circleCounts(db: Db, circleId: number): Promise<CircleCounts> {
  const [members] = await db.select({ n: count() }).from(circleMembers).where(eq(circleMembers.circleId, circleId));
  const kinds = await db
    .select({ kind: circleRequests.kind, n: count() })
    .from(circleRequests)
    .where(eq(circleRequests.circleId, circleId))
    .groupBy(circleRequests.kind);
  const of = (kind: RequestKind) => Number(kinds.find((k) => k.kind === kind)?.n ?? 0);
  return { count: Number(members?.n ?? 0), requests: of('join'), invited: of('invite') };
}

/** The members chart: members by profession (largest first), and the open asks and invitations. */
export async function circleReport(db: Db, circleId: number): Promise<OriginReport> {
  const byProfession = await membersByProfession(db, membersOf, eq(circleMembers.circleId, circleId));
  const counts = await circleCounts(db, circleId);
  return { byProfession, total: counts.count, requests: counts.requests, invited: counts.invited };
}
