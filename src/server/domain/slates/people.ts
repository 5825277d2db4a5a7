/**
 * One slate's people (spec §2.10 "Slate followers page", contract/circle-admin.ts): its
 * followers, the open asks to follow, the counts every admin write answers, and the
 * followers chart by profession.
 */
import { asc, count, desc, eq } from 'drizzle-orm';
import type { OriginReport, OriginRequest, SlateFollower } from '../../../contract/circle-admin';
import type { Gender } from '../../../contract/user';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { slateFollowers, slateRequests } from '../../db/schema/circles';
import { professions } from '../../db/schema/masters';
import { plans } from '../../db/schema/plans';
import type { Listed, Page } from '../circles/repo';

const personColumns = {
  userCode: users.userCode,
  displayName: users.displayName,
  gender: users.gender,
  planName: plans.planName,
  professionName: professions.professionName,
  profileDp: users.profileDp,
};
const offsetOf = (page: Page) => (page.pageNo - 1) * page.pageSize;

/** Its followers, by when they followed. */
export async function listFollowers(db: Db, slateId: number, page: Page): Promise<Listed<SlateFollower>> {
  const where = eq(slateFollowers.slateId, slateId);
  const [total] = await db.select({ n: count() }).from(slateFollowers).where(where);
  const rows = await db
    .select(personColumns)
    .from(slateFollowers)
    .innerJoin(users, eq(users.id, slateFollowers.userId))
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(where)
    .orderBy(asc(slateFollowers.followedAt), asc(users.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const followers = rows.map((r) => ({
    pageFollowerCode: r.userCode,
    pageFollowerName: r.displayName,
    pageFollowerGender: r.gender as Gender,
    planName: r.planName,
    professionName: r.professionName ?? '',
    profileDp: r.profileDp,
  }));
  return { rows: followers, total: Number(total?.n ?? 0) };
}

/** The open asks to follow, newest first. */
export async function listAsks(db: Db, slateId: number, page: Page): Promise<Listed<OriginRequest>> {
  const where = eq(slateRequests.slateId, slateId);
  const [total] = await db.select({ n: count() }).from(slateRequests).where(where);
  const rows = await db
    .select(personColumns)
    .from(slateRequests)
    .innerJoin(users, eq(users.id, slateRequests.userId))
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(where)
    .orderBy(desc(slateRequests.createdAt), asc(users.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return {
    rows: rows.map((r) => ({ requestCode: r.userCode, ...r, gender: r.gender as Gender, professionName: r.professionName ?? '' })),
    total: Number(total?.n ?? 0),
  };
}

export async function slateCounts(db: Db, slateId: number): Promise<{ count: number; requests: number; invited: number }> {
  const [followers] = await db.select({ n: count() }).from(slateFollowers).where(eq(slateFollowers.slateId, slateId));
  const [asks] = await db.select({ n: count() }).from(slateRequests).where(eq(slateRequests.slateId, slateId));
  // Slates have no invitations.
  return { count: Number(followers?.n ?? 0), requests: Number(asks?.n ?? 0), invited: 0 };
}

/** The followers chart: followers by profession (largest first), and the open asks. */
export async function slateReport(db: Db, slateId: number): Promise<OriginReport> {
  const groups = await db
    .select({ name: professions.professionName, n: count() })
    .from(slateFollowers)
    .innerJoin(users, eq(users.id, slateFollowers.userId))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(eq(slateFollowers.slateId, slateId))
    .groupBy(professions.professionName)
    .orderBy(desc(count()), asc(professions.professionName));
  const counts = await slateCounts(db, slateId);
  return { byProfession: groups.map((g) => ({ name: g.name ?? 'Others', count: Number(g.n) })), total: counts.count, requests: counts.requests, invited: 0 };
}
