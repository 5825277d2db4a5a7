/**
 * A circle's or slate's per-feature privacy (contract/circle-admin.ts ORIGIN_FEATURES):
 * read in ORIGIN_FEATURES order with the feature's name and the privacy master's name,
 * set one feature, or set every one back to 1 (Everyone).
 */
import { asc, eq } from 'drizzle-orm';
import { ORIGIN_FEATURE_NAMES, ORIGIN_FEATURES, type OriginFeature, type OriginPrivacySetting } from '../../../contract/circle-admin';
import { DEFAULT_PRIVACY_CODE } from '../../../contract/codes';
import type { Db } from '../../db/client';
import { circles, slates } from '../../db/schema/circles';
import { privacies } from '../../db/schema/masters';
import type { OriginKind } from '../../policy/origins';

const tableOf = (kind: OriginKind) => (kind === 'circle' ? circles : slates);
const COLUMN: Record<OriginFeature, 'entriesPrivacy' | 'membersPrivacy' | 'requestsPrivacy'> = {
  entries: 'entriesPrivacy',
  members: 'membersPrivacy',
  requests: 'requestsPrivacy',
};

export async function loadOriginPrivacy(db: Db, kind: OriginKind, id: number): Promise<OriginPrivacySetting[]> {
  const t = tableOf(kind);
  const [row] = await db
    .select({ entries: t.entriesPrivacy, members: t.membersPrivacy, requests: t.requestsPrivacy })
    .from(t)
    .where(eq(t.id, id))
    .limit(1);
  const names = new Map((await db.select().from(privacies).orderBy(asc(privacies.privacyCode))).map((p) => [p.privacyCode, p.privacyName]));
  return ORIGIN_FEATURES.map((featureCode) => {
    const privacyCode = row?.[featureCode] ?? DEFAULT_PRIVACY_CODE;
    return { featureCode, featureName: ORIGIN_FEATURE_NAMES[kind][featureCode], privacyCode, privacyName: names.get(privacyCode) ?? '' };
  });
}

export async function setOriginPrivacy(db: Db, kind: OriginKind, id: number, featureCode: OriginFeature, privacyCode: number): Promise<void> {
  const t = tableOf(kind);
  await db.update(t).set({ [COLUMN[featureCode]]: privacyCode }).where(eq(t.id, id));
}

export async function resetOriginPrivacy(db: Db, kind: OriginKind, id: number): Promise<void> {
  const t = tableOf(kind);
  const all = { entriesPrivacy: DEFAULT_PRIVACY_CODE, membersPrivacy: DEFAULT_PRIVACY_CODE, requestsPrivacy: DEFAULT_PRIVACY_CODE };
  await db.update(t).set(all).where(eq(t.id, id));
}
