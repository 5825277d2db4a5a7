/** Profile queries: rows in, contract shapes (UserProfile, UserPlan, UserMenu, Utilization) out. */
import { asc, eq, sum } from 'drizzle-orm';
import type { Gender, UserMenu, UserPlan, UserProfile, Utilization } from '../../../contract/user';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { media } from '../../db/schema/media';
import { privacies, professions } from '../../db/schema/masters';
import { planFeatures, plans } from '../../db/schema/plans';
import { allows, featurePrivacies, relationOf } from '../../policy/privacy';
import { menuCircles, menuSlates } from '../../domain/circles/repo';
import type { MemberRef } from '../../domain/members';

export async function loadProfile(db: Db, userId: number): Promise<UserProfile | null> {
  const [row] = await db
    .select({
      userCode: users.userCode,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      gender: users.gender,
      locationName: users.locationName,
      planName: plans.planName,
      professionCode: users.professionCode,
      professionName: professions.professionName,
      profileDp: users.profileDp,
      about: users.about,
      privacyCode: users.privacyCode,
      privacyName: privacies.privacyName,
    })
    .from(users)
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .leftJoin(privacies, eq(privacies.privacyCode, users.privacyCode))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { ...row, gender: row.gender as Gender, professionName: row.professionName ?? '', privacyName: row.privacyName ?? '' };
}

export async function updateDetails(
  db: Db,
  userId: number,
  details: { firstName: string; lastName: string; displayName: string; professionCode: string },
): Promise<void> {
  await db.update(users).set(details).where(eq(users.id, userId));
}

export async function updateAbout(db: Db, userId: number, about: string): Promise<void> {
  await db.update(users).set({ about }).where(eq(users.id, userId));
}

async function planRow(db: Db, planCode: string) {
  const [plan] = await db.select().from(plans).where(eq(plans.planCode, planCode)).limit(1);
  const features = await db.select().from(planFeatures).where(eq(planFeatures.planCode, planCode)).orderBy(asc(planFeatures.sortOrder));
  return plan ? { plan, features } : null;
}

/** The plan runs from the member's sign-up for the plan's duration. */
export async function loadPlan(db: Db, member: MemberRef): Promise<UserPlan | null> {
  const found = await planRow(db, member.planCode);
  if (!found) return null;
  const { plan, features } = found;
  const end = new Date(member.createdAt);
  end.setUTCMonth(end.getUTCMonth() + plan.durationMonths);
  return {
    planCode: plan.planCode,
    planName: plan.planName,
    currency: plan.currency,
    amount: plan.amount,
    duration: plan.duration,
    planFeatures: features.map((f) => ({ featureName: f.featureName, featureValue: f.featureValue })),
    startDate: member.createdAt.toISOString().slice(0, 10),
    endDate: end.toISOString().slice(0, 10),
  };
}

const yesNo = (value: string | undefined) => (value === 'Yes' ? 'Yes' : 'No');

/**
 * Side-menu switches come from the plan; groups are the circles the member owns or belongs
 * to, pages the slates they own or follow (own first). Another member's menu lists only
 * what the viewer may read, and only as far as the member's 'circles' / 'slates' privacy allows.
 */
export async function loadMenu(db: Db, member: MemberRef, viewerId: number): Promise<UserMenu> {
  const features = await db.select().from(planFeatures).where(eq(planFeatures.planCode, member.planCode));
  const value = (code: string) => yesNo(features.find((f) => f.featureCode === code)?.featureValue);
  let showCircles = true;
  let showSlates = true;
  if (viewerId !== member.id) {
    const [privacy, relation] = await Promise.all([featurePrivacies(db, member.id), relationOf(db, viewerId, member.id)]);
    showCircles = allows(privacy.circles, relation);
    showSlates = allows(privacy.slates, relation);
  }
  return {
    features: { group: value('group'), page: value('page'), service: value('service'), chat: value('chat') },
    groups: showCircles ? await menuCircles(db, member.id, viewerId) : [],
    pages: showSlates ? await menuSlates(db, member.id, viewerId) : [],
  };
}

const BYTES_PER_MB = 1024 * 1024;

/** Sizes in MB (two decimals): used is every media file the member stored (pictures, later entry media). */
export async function loadUtilization(db: Db, member: MemberRef): Promise<Utilization> {
  const [plan] = await db.select({ storageMb: plans.storageMb }).from(plans).where(eq(plans.planCode, member.planCode)).limit(1);
  const allocated = plan?.storageMb ?? 0;
  const [stored] = await db.select({ total: sum(media.bytes) }).from(media).where(eq(media.ownerId, member.id));
  const used = Math.round((Number(stored?.total ?? 0) / BYTES_PER_MB) * 100) / 100;
  return {
    allocatedSize: allocated,
    remainingSize: Math.round((allocated - used) * 100) / 100,
    allocatedType: 'MB',
    userUtilizationUsageResponse: [{ usageType: 'media', usedSize: used }],
  };
}
