/**
 * Circle and slate queries: rows in, contract shapes (CircleDetails, SlateDetails, the
 * cards and the menu rows) out. Readability (policy/visibility.ts) is part of every
 * WHERE, so a circle or slate the viewer may not read is simply not found.
 */
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { STATUS_ACTIVE } from '../../../contract/codes';
import type { CircleCard, CircleDetails, SlateCard, SlateDetails } from '../../../contract/circles';
import type { Gender } from '../../../contract/user';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { circles, slates } from '../../db/schema/circles';
import { professions } from '../../db/schema/masters';
import { plans } from '../../db/schema/plans';
import { circleMemberSql, circleReadableSql, friendsSql, slateFollowerSql, slateReadableSql } from '../../policy/visibility';
import type { Listed, Page } from '../paging';
import { circleCardPage, circleMembershipSql, followerCount, memberCount, slateCardPage, slateFollowingSql } from './cards';

const adminColumns = {
  adminCode: users.userCode,
  adminName: users.displayName,
  adminGender: users.gender,
  adminPlanName: plans.planName,
  adminProfessionName: professions.professionName,
  adminDp: users.profileDp,
};

/** A readable circle with the viewer's standing, or null (missing and hidden look the same). */
export async function loadCircle(db: Db, viewerId: number, groupCode: string): Promise<(CircleDetails & { id: number }) | null> {
  return selectCircle(db, viewerId, and(eq(circles.groupCode, groupCode), circleReadableSql(circles, viewerId))!);
}

/**
 * A circle by id with the viewer's standing, without a readability filter: for routes whose
 * `origin` access rule (policy/origins.ts) already decided the caller may see it — an
 * invited member reads a private circle, its owner a paused one.
 */
export async function loadCircleById(db: Db, viewerId: number, circleId: number): Promise<(CircleDetails & { id: number }) | null> {
  return selectCircle(db, viewerId, eq(circles.id, circleId));
}

async function selectCircle(db: Db, viewerId: number, where: SQL): Promise<(CircleDetails & { id: number }) | null> {
  const [r] = await db
    .select({
      id: circles.id,
      groupCode: circles.groupCode,
      name: circles.name,
      caption: circles.caption,
      description: circles.description,
      typeCode: circles.typeCode,
      categoryCode: circles.categoryCode,
      categoryName: circles.categoryName,
      privacyCode: circles.privacyCode,
      statusCode: circles.statusCode,
      adminId: circles.adminId,
      profilePic: circles.profilePic,
      memberCount,
      membership: circleMembershipSql(viewerId),
      ...adminColumns,
    })
    .from(circles)
    .innerJoin(users, eq(users.id, circles.adminId))
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(where)
    .limit(1);
  if (!r) return null;
  const isMember = r.membership === 'owner' || r.membership === 'member';
  return {
    id: r.id,
    groupCode: r.groupCode,
    groupName: r.name,
    groupCaption: r.caption,
    groupDescription: r.description,
    groupType: r.typeCode,
    groupCategoryCode: r.categoryCode,
    groupCategoryName: r.categoryName,
    // The spec lists both; this server keeps one privacy per circle, so both carry it.
    privacyCode: r.privacyCode,
    groupPrivacyCode: r.privacyCode,
    groupAdminCode: r.adminCode,
    groupAdminName: r.adminName,
    groupProfilePic: r.profilePic,
    groupAdminGender: r.adminGender as Gender,
    groupAdminPlanName: r.adminPlanName,
    groupAdminProfessionName: r.adminProfessionName ?? '',
    groupAdminProfilePic: r.adminDp,
    statusCode: r.statusCode,
    memberCount: r.memberCount,
    membership: r.membership,
    // Only an active circle takes new entries (statusCode 9 = active, spec §4).
    canPost: isMember && r.statusCode === STATUS_ACTIVE,
  };
}

/** A readable slate with the viewer's standing, or null. */
export async function loadSlate(db: Db, viewerId: number, pageCode: string): Promise<(SlateDetails & { id: number }) | null> {
  return selectSlate(db, viewerId, and(eq(slates.pageCode, pageCode), slateReadableSql(slates, viewerId))!);
}

/** A slate by id, without a readability filter: for routes whose `origin` rule already decided (its admin reads a paused one). */
export async function loadSlateById(db: Db, viewerId: number, slateId: number): Promise<(SlateDetails & { id: number }) | null> {
  return selectSlate(db, viewerId, eq(slates.id, slateId));
}

async function selectSlate(db: Db, viewerId: number, where: SQL): Promise<(SlateDetails & { id: number }) | null> {
  const [r] = await db
    .select({
      id: slates.id,
      pageCode: slates.pageCode,
      name: slates.name,
      caption: slates.caption,
      description: slates.description,
      typeCode: slates.typeCode,
      categoryCode: slates.categoryCode,
      categoryName: slates.categoryName,
      privacyCode: slates.privacyCode,
      statusCode: slates.statusCode,
      adminId: slates.adminId,
      profilePic: slates.profilePic,
      followerCount,
      followingStatus: slateFollowingSql(viewerId),
      isFriend: sql<boolean>`${friendsSql(slates.adminId, viewerId)}`,
      ...adminColumns,
    })
    .from(slates)
    .innerJoin(users, eq(users.id, slates.adminId))
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .where(where)
    .limit(1);
  if (!r) return null;
  const owner = r.adminId === viewerId;
  return {
    id: r.id,
    pageCode: r.pageCode,
    pageName: r.name,
    pageCaption: r.caption,
    pageDescription: r.description,
    pageType: r.typeCode,
    pageCategoryCode: r.categoryCode,
    pageCategoryName: r.categoryName,
    privacyCode: r.privacyCode,
    pagePrivacyCode: r.privacyCode,
    pageAdminCode: r.adminCode,
    pageAdminName: r.adminName,
    pageProfilePic: r.profilePic,
    pageAdminGender: r.adminGender as Gender,
    pageAdminPlanName: r.adminPlanName,
    pageAdminProfessionName: r.adminProfessionName ?? '',
    pageAdminProfilePic: r.adminDp,
    statusCode: r.statusCode,
    followerCount: r.followerCount,
    followingStatus: r.followingStatus,
    friendStatus: r.isFriend ? 'Yes' : 'No',
    canPost: owner && r.statusCode === STATUS_ACTIVE,
  };
}

/** Circles I own ('own') or belong to ('active': own first, then by name). */
export function listCircles(db: Db, me: number, which: 'own' | 'active', page: Page): Promise<Listed<CircleCard>> {
  const where: SQL = which === 'own' ? eq(circles.adminId, me) : circleMemberSql(circles.id, me);
  return circleCardPage(db, me, where, page, [desc(sql`${circles.adminId} = ${me}`)]);
}

/**
 * Slates I own ('own') or follow ('following': only those I may still read — a followed
 * slate its admin unpublished (Only me) drops out rather than leak its name).
 */
export function listSlates(db: Db, me: number, which: 'own' | 'following', page: Page): Promise<Listed<SlateCard>> {
  const where =
    which === 'own' ? eq(slates.adminId, me) : and(slateFollowerSql(slates.id, me), ne(slates.adminId, me), slateReadableSql(slates, me))!;
  return slateCardPage(db, me, where, page);
}

/** How many circles and slates the side menu lists at most (a member rarely has more). */
export const MENU_LIMIT = 100;

/**
 * The side menu's circles (own first, then those `ownerId` belongs to) and slates (own,
 * then followed and still readable by them). Another member's menu shows only what the
 * viewer may read themselves; the caller also applies the owner's 'circles' / 'slates'
 * feature privacy.
 */
export async function menuCircles(db: Db, ownerId: number, viewerId: number) {
  return db
    .select({ groupCode: circles.groupCode, groupName: circles.name, statusCode: circles.statusCode })
    .from(circles)
    .where(and(circleMemberSql(circles.id, ownerId), circleReadableSql(circles, viewerId)))
    .orderBy(desc(sql`${circles.adminId} = ${ownerId}`), asc(circles.name), asc(circles.id))
    .limit(MENU_LIMIT);
}

export async function menuSlates(db: Db, ownerId: number, viewerId: number) {
  const mine = eq(slates.adminId, ownerId);
  const followed = and(slateFollowerSql(slates.id, ownerId), slateReadableSql(slates, ownerId));
  return db
    .select({ pageCode: slates.pageCode, pageName: slates.name, statusCode: slates.statusCode })
    .from(slates)
    .where(and(sql`(${mine} or ${followed})`, slateReadableSql(slates, viewerId)))
    .orderBy(desc(sql`${mine}`), asc(slates.name), asc(slates.id))
    .limit(MENU_LIMIT);
}
