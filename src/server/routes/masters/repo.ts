/** Master lists and plans as contract shapes, in their display order. */
import { asc, eq } from 'drizzle-orm';
import type { Emoji, Plan, Privacy, Profession } from '../../../contract/masters';
import type { ServiceKind } from '../../../contract/barter';
import type { Db } from '../../db/client';
import { serviceKinds } from '../../db/schema/barter';
import { emojis, privacies, professions } from '../../db/schema/masters';
import { planFeatures, plans } from '../../db/schema/plans';

export const listPrivacies = (db: Db): Promise<Privacy[]> =>
  db.select({ privacyCode: privacies.privacyCode, privacyName: privacies.privacyName }).from(privacies).orderBy(asc(privacies.privacyCode));

export const listProfessions = (db: Db): Promise<Profession[]> =>
  db
    .select({ professionCode: professions.professionCode, professionName: professions.professionName })
    .from(professions)
    .orderBy(asc(professions.sortOrder), asc(professions.professionName));

export const listServiceKinds = (db: Db): Promise<ServiceKind[]> =>
  db
    .select({ serviceCode: serviceKinds.serviceCode, serviceName: serviceKinds.serviceName })
    .from(serviceKinds)
    .orderBy(asc(serviceKinds.sortOrder), asc(serviceKinds.serviceName));

export async function listEmojis(db: Db): Promise<Emoji[]> {
  const rows = await db.select().from(emojis).orderBy(asc(emojis.sortOrder), asc(emojis.emojiCode));
  return rows.map((r) => ({
    emojiType: r.emojiType === 'activity' ? 'activity' : 'feeling',
    emojiCode: r.emojiCode,
    emojiName: r.emojiName,
    emojiDisplay: r.emojiDisplay,
    emojiIcon: r.emojiIcon,
  }));
}

/** Active plans, cheapest first (emerald, ruby, sapphire). */
export async function listActivePlans(db: Db): Promise<Plan[]> {
  const planRows = await db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sortOrder));
  const features = await db.select().from(planFeatures).orderBy(asc(planFeatures.sortOrder));
  return planRows.map((p) => ({
    planCode: p.planCode,
    planName: p.planName,
    currency: p.currency,
    amount: p.amount,
    duration: p.duration,
    planFeatures: features.filter((f) => f.planCode === p.planCode).map((f) => ({ featureName: f.featureName, featureValue: f.featureValue })),
  }));
}
