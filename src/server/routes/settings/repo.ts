/** Privacy and notify settings of one member, as the contract's rows. */
import { eq } from 'drizzle-orm';
import { PRIVACY_FEATURES, defaultPrivacyOf, type PrivacyFeature } from '../../../contract/codes';
import {
  NOTIFY_FEATURE_NAMES,
  NOTIFY_FEATURES,
  PRIVACY_FEATURE_NAMES,
  type NotifyFeature,
  type NotifySetting,
  type PrivacySetting,
} from '../../../contract/settings';
import type { Db } from '../../db/client';
import { privacies } from '../../db/schema/masters';
import { userNotifySettings } from '../../db/schema/settings';
import { featurePrivacies, setFeaturePrivacy } from '../../policy/privacy';

async function privacyNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select().from(privacies);
  return new Map(rows.map((r) => [r.privacyCode, r.privacyName]));
}

export async function loadPrivacySettings(db: Db, userId: number): Promise<PrivacySetting[]> {
  const [current, names] = await Promise.all([featurePrivacies(db, userId), privacyNames(db)]);
  return PRIVACY_FEATURES.map((featureCode) => ({
    featureCode,
    featureName: PRIVACY_FEATURE_NAMES[featureCode],
    privacyCode: current[featureCode],
    privacyName: names.get(current[featureCode]) ?? '',
  }));
}

export async function savePrivacySetting(db: Db, userId: number, feature: PrivacyFeature, privacyCode: number): Promise<PrivacySetting> {
  await setFeaturePrivacy(db, userId, feature, privacyCode);
  const names = await privacyNames(db);
  return { featureCode: feature, featureName: PRIVACY_FEATURE_NAMES[feature], privacyCode, privacyName: names.get(privacyCode) ?? '' };
}

/** Every feature back to its default (1 Everyone; calls 2 Billionetts), personal details included. */
export async function resetPrivacySettings(db: Db, userId: number): Promise<void> {
  for (const feature of PRIVACY_FEATURES) await setFeaturePrivacy(db, userId, feature, defaultPrivacyOf(feature));
}

export async function loadNotifySettings(db: Db, userId: number): Promise<NotifySetting[]> {
  const rows = await db.select().from(userNotifySettings).where(eq(userNotifySettings.userId, userId));
  const stored = new Map(rows.map((r) => [r.featureCode, r.notify]));
  return NOTIFY_FEATURES.map((featurecode) => ({
    featurecode,
    featureName: NOTIFY_FEATURE_NAMES[featurecode],
    notify: stored.get(featurecode) === 'No' ? 'No' : 'Yes',
  }));
}

export async function saveNotifySetting(db: Db, userId: number, feature: NotifyFeature, notify: 'Yes' | 'No'): Promise<NotifySetting> {
  await db
    .insert(userNotifySettings)
    .values({ userId, featureCode: feature, notify })
    .onConflictDoUpdate({ target: [userNotifySettings.userId, userNotifySettings.featureCode], set: { notify } });
  return { featurecode: feature, featureName: NOTIFY_FEATURE_NAMES[feature], notify };
}

/** A missing row means 'Yes', so reset is a delete. */
export async function resetNotifySettings(db: Db, userId: number): Promise<void> {
  await db.delete(userNotifySettings).where(eq(userNotifySettings.userId, userId));
}
