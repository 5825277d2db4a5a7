/**
 * One slate's people (spec §2.10 "Slate followers page", contract/circle-admin.ts): its
 * followers, the open asks to follow, the counts every admin write answers, and the
 * followers chart by profession.
 */
import { asc, count, desc, eq } from 'drizzle-orm';
import type { OriginReport, OriginRequest, SlateFollower } from '../../../contract/circle-admin';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { slateFollowers, slateRequests } from '../../db/schema/circles';
import { memberCardPage, membersByProfession } from '../member-pages';
import { toCard } from '../members';
import type { Listed, Page } from '../paging';

const followers = { table: slateFollowers, userId: slateFollowers.userId };

/** Its followers, by when they followed. */
export async function listFollowers(db: Db, slateId: number, page: Page): Promise<Listed<SlateFollower>> {
  const order = [asc(slateFollowers.followedAt), asc(users.id)];
  const { rows, total } = await memberCardPage(db, followers, eq(slateFollowers.slateId, slateId), order, page);
  const listed = rows.map((r) => {
    const { userCode, displayName, gender, ...rest } = toCard(r);
    return { pageFollowerCode: userCode, pageFollowerName: displayName, pageFollowerGender: gender, ...rest };
  });
  return { rows: listed, total };
}

/** The open asks to follow, newest first. */
export async function listAsks(db: Db, slateId: number, page: Page): Promise<Listed<OriginRequest>> {
  const asks = { table: slateRequests, userId: slateRequests.userId };
  const { rows, total } = await memberCardPage(db, asks, eq(slateRequests.slateId, slateId), [desc(slateRequests.createdAt), asc(users.id)], page);
  return { rows: rows.map((r) => ({ requestCode: r.userCode, ...toCard(r) })), total };
}

export async function slateCounts(db: Db, slateId: number): Promise<{ count: number; requests: number; invited: number }> {
  const [followed] = await db.select({ n: count() }).from(slateFollowers).where(eq(slateFollowers.slateId, slateId));
  const [asks] = await db.select({ n: count() }).from(slateRequests).where(eq(slateRequests.slateId, slateId));
  // Slates have no invitations.
  return { count: Number(followed?.n ?? 0), requests: Number(asks?.n ?? 0), invited: 0 };
}

/** The followers chart: followers by profession (largest first), and the open asks. */
export async function slateReport(db: Db, slateId: number): Promise<OriginReport> {
  const byProfession = await membersByProfession(db, followers, eq(slateFollowers.slateId, slateId));
  const counts = await slateCounts(db, slateId);
  return { byProfession, total: counts.count, requests: counts.requests, invited: 0 };
}
