/**
 * Reference data every database needs, seeded or not: plans with their features,
 * privacies, professions, emojis and the services barter offers. Written at every start
 * (upsert), so a changed list reaches existing databases; nothing here is member data.
 *
 * Plans (our choice; the spec names only the tiers): emerald is the entry plan with
 * telex and barter; ruby (featured) adds circles; sapphire adds slates and the most storage.
 */
import { sql } from 'drizzle-orm';
import { PRIVACY } from '../../contract/codes';
import type { Db } from '../db/client';
import { serviceKinds } from '../db/schema/barter';
import { emojis, privacies, professions } from '../db/schema/masters';
import { planFeatures, plans } from '../db/schema/plans';
import { emojis as emojiList } from './data/emojis';
import { professions as professionList } from './data/professions';
import { serviceKinds as serviceKindList } from './data/services';
import { ensureVaultLookups } from './vault-lookups';

type PlanDef = typeof plans.$inferInsert & { features: Record<'group' | 'page' | 'service' | 'chat', boolean> };

export const PLAN_DEFS: PlanDef[] = [
  {
    planCode: 'emerald', planName: 'Emerald', currency: 'USD', amount: 49, duration: '1 Year', durationMonths: 12,
    storageMb: 1024, featured: false, sortOrder: 1, features: { group: false, page: false, service: true, chat: true },
  },
  {
    planCode: 'ruby', planName: 'Ruby', currency: 'USD', amount: 99, duration: '1 Year', durationMonths: 12,
    storageMb: 5120, featured: true, sortOrder: 2, features: { group: true, page: false, service: true, chat: true },
  },
  {
    planCode: 'sapphire', planName: 'Sapphire', currency: 'USD', amount: 199, duration: '1 Year', durationMonths: 12,
    storageMb: 10240, featured: false, sortOrder: 3, features: { group: true, page: true, service: true, chat: true },
  },
];

const FEATURE_NAMES = { group: 'Circles', page: 'Slates', service: 'Barter', chat: 'Telex' } as const;
const storageLabel = (mb: number) => (mb >= 1024 ? `${mb / 1024} GB` : `${mb} MB`);

export const PRIVACY_NAMES = [
  { privacyCode: PRIVACY.everyone, privacyName: 'Everyone' },
  { privacyCode: PRIVACY.billionetts, privacyName: 'Billionetts' },
  { privacyCode: PRIVACY.onlyMe, privacyName: 'Only me' },
];

const excluded = (column: string) => sql.raw(`excluded.${column}`);

export async function ensureReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { features, ...plan } of PLAN_DEFS) {
      const { planCode: _code, ...rest } = plan;
      await tx.insert(plans).values(plan).onConflictDoUpdate({ target: plans.planCode, set: rest });
      const rows = [
        { featureCode: 'storage', featureName: 'Storage', featureValue: storageLabel(plan.storageMb) },
        ...(Object.keys(FEATURE_NAMES) as (keyof typeof FEATURE_NAMES)[]).map((code) => ({
          featureCode: code,
          featureName: FEATURE_NAMES[code],
          featureValue: features[code] ? 'Yes' : 'No',
        })),
      ].map((f, i) => ({ ...f, planCode: plan.planCode, sortOrder: i + 1 }));
      await tx
        .insert(planFeatures)
        .values(rows)
        .onConflictDoUpdate({
          target: [planFeatures.planCode, planFeatures.featureCode],
          set: { featureName: excluded('feature_name'), featureValue: excluded('feature_value'), sortOrder: excluded('sort_order') },
        });
    }
    await tx
      .insert(privacies)
      .values(PRIVACY_NAMES)
      .onConflictDoUpdate({ target: privacies.privacyCode, set: { privacyName: excluded('privacy_name') } });
    if (professionList.length) {
      await tx
        .insert(professions)
        .values(professionList.map((p, i) => ({ ...p, sortOrder: i + 1 })))
        .onConflictDoUpdate({
          target: professions.professionCode,
          set: { professionName: excluded('profession_name'), sortOrder: excluded('sort_order') },
        });
    }
    if (emojiList.length) {
      await tx
        .insert(emojis)
        .values(emojiList.map((e, i) => ({ ...e, sortOrder: i + 1 })))
        .onConflictDoUpdate({
          target: emojis.emojiCode,
          set: {
            emojiType: excluded('emoji_type'),
            emojiName: excluded('emoji_name'),
            emojiDisplay: excluded('emoji_display'),
            emojiIcon: excluded('emoji_icon'),
            sortOrder: excluded('sort_order'),
          },
        });
    }
    await tx
      .insert(serviceKinds)
      .values(serviceKindList.map((k, i) => ({ ...k, sortOrder: i + 1 })))
      .onConflictDoUpdate({ target: serviceKinds.serviceCode, set: { serviceName: excluded('service_name'), sortOrder: excluded('sort_order') } });
    await ensureVaultLookups(tx as unknown as Db);
  });
}
