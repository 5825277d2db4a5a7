/**
 * One circle's people (spec §2.10 "Circle members page", contract/circle-admin.ts): its
 * members (the owner first), the open asks to join, the invited members, the owner's
 * billionetts who could still be invited, the counts every owner write answers, and the
 * members chart by profession.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CircleMember, Invitee, OriginReport, OriginRequest } from '../../../contract/circle-admin';
import type { Gender } from '../../../contract/user';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { circleMembers, circleRequests } from '../../db/schema/circles';
import { professions } from '../../db/schema/masters';
import { plans } from '../../db/schema/plans';
import { friendIdsSql } from '../../policy/visibility';
import type { RequestKind } from './lists';
import type { Listed, Page } from './repo';

const personColumns = {
  userCode: users.userCode,
  displayName: users.displayName,
  gender: users.gender,
  planName: plans.planName,
  professionName: professions.professionName,
  profileDp: users.profileDp,
};
type PersonRow = { userCode: string; displayName: string; gender: string; planName: string; professionName: string | null; profileDp: string | null };
const toInvitee = (r: PersonRow): Invitee => ({ ...r, gender: r.gender as Gender, professionName: r.professionName ?? '' });
const offsetOf = (page: Page) => (page.pageNo - 1) * page.pageSize;

/** Its members, the owner first, then by when they joined. */
export async function listMembers(db: Db, circleId: number, adminId: number, page: Page): Promise<Listed<CircleMember>> {
  const where = eq(circleMembers.circleId, circleId);
  const [total] = await db.select({ n: count() }).from(circleMembers).where(where);
  const isOwner = sql<boolean>`${circleMembers.userId} = ${adminId}`;
  const rows = await db
    .select({ ...personColumns, isOwner })
    .from(circleMembers)
    .innerJoin(users, eq(users.id, circleMembers.userId))
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(where)
    .orderBy(desc(isOwner), asc(circleMembers.joinedAt), asc(users.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const members = rows.map((r) => {
    const { userCode, displayName, gender, ...rest } = toInvitee(r);
    return { groupMemberCode: userCode, groupMemberName: displayName, groupMemberGender: gender, ...rest, isOwner: Boolean(r.isOwner) };
  });
  return { rows: members, total: Number(total?.n ?? 0) };
}

/** The open asks to join ('join') or the invitations ('invite'), newest first. */
export async function listRequests(db: Db, circleId: number, kind: RequestKind, page: Page): Promise<Listed<OriginRequest>> {
  const where = and(eq(circleRequests.circleId, circleId), eq(circleRequests.kind, kind));
  const [total] = await db.select({ n: count() }).from(circleRequests).where(where);
  const rows = await db
    .select(personColumns)
    .from(circleRequests)
    .innerJoin(users, eq(users.id, circleRequests.userId))
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(where)
    .orderBy(desc(circleRequests.createdAt), asc(users.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return { rows: rows.map((r) => ({ requestCode: r.userCode, ...toInvitee(r) })), total: Number(total?.n ?? 0) };
}

/** The owner's billionetts not in the circle and without an open ask or invitation, by name. */
export async function listInviteCandidates(db: Db, circleId: number, ownerId: number, page: Page): Promise<Listed<Invitee>> {
  const where: SQL = sql`${users.id} = any(${friendIdsSql(ownerId)})
    and not exists (select 1 from ${circleMembers} where ${circleMembers.circleId} = ${circleId} and ${circleMembers.userId} = ${users.id})
    and not exists (select 1 from ${circleRequests} where ${circleRequests.circleId} = ${circleId} and ${circleRequests.userId} = ${users.id})`;
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select(personColumns)
    .from(users)
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(where)
    .orderBy(asc(users.displayName), asc(users.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return { rows: rows.map(toInvitee), total: Number(total?.n ?? 0) };
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
  const groups = await db
    .select({ name: professions.professionName, n: count() })
    .from(circleMembers)
    .innerJoin(users, eq(users.id, circleMembers.userId))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(eq(circleMembers.circleId, circleId))
    .groupBy(professions.professionName)
    .orderBy(desc(count()), asc(professions.professionName));
  const counts = await circleCounts(db, circleId);
  return {
    byProfession: groups.map((g) => ({ name: g.name ?? 'Others', count: Number(g.n) })),
    total: counts.count,
    requests: counts.requests,
    invited: counts.invited,
  };
}
