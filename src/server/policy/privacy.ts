/**
 * Who may see what (DESIGN.md privacy model): 1 Everyone (every member), 2 Billionetts
 * (the owner's friends), 3 Only me. The owner always sees their own. Areas ask here
 * before sending anything; hidden data is answered with accessCode 106 and no rows.
 * This is the rule's JS form, for one owner at a time; policy/visibility.ts holds the
 * same rule as SQL, for lists (tests/unit/privacy-forms.test.ts holds them together).
 */
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_PRIVACY_CODE, defaultPrivacyOf, PRIVACY, PRIVACY_FEATURES, type PrivacyFeature } from '../../contract/codes';
import { perDatabase, type Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { friendships } from '../db/schema/friendships';
import { userPrivacySettings } from '../db/schema/privacy';

/** The reads below, built once a database and planned once a connection (domain/members.ts findMember says why). */
const statements = perDatabase((db) => ({
  pair: db
    .select({ a: friendships.userA })
    .from(friendships)
    .where(and(eq(friendships.userA, sql.placeholder('low')), eq(friendships.userB, sql.placeholder('high'))))
    .limit(1)
    .prepare('friend_pair'),
  personal: db.select({ privacyCode: users.privacyCode }).from(users).where(eq(users.id, sql.placeholder('owner'))).limit(1).prepare('personal_privacy'),
  features: db
    .select({ featureCode: userPrivacySettings.featureCode, privacyCode: userPrivacySettings.privacyCode })
    .from(userPrivacySettings)
    .where(eq(userPrivacySettings.userId, sql.placeholder('owner')))
    .prepare('feature_privacies'),
}));

export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await statements(db).pair.execute({ low, high });
  return Boolean(row);
}

export type Relation = { self: boolean; friend: boolean };

/** The viewer's relation to the owner, looked up once per request. */
export async function relationOf(db: Db, viewerId: number, ownerId: number): Promise<Relation> {
  if (viewerId === ownerId) return { self: true, friend: false };
  return { self: false, friend: await areFriends(db, viewerId, ownerId) };
}

export function allows(privacyCode: number, relation: Relation): boolean {
  if (relation.self || privacyCode === PRIVACY.everyone) return true;
  return privacyCode === PRIVACY.billionetts && relation.friend;
}

/**
 * Whether `relation` may call a member whose 'calls' privacy is `privacyCode`: billionetts
 * only, ever (Everyone reads as Billionetts), and never with Only me. Nobody calls themselves.
 */
export function allowsCall(privacyCode: number, relation: Relation): boolean {
  return relation.friend && !relation.self && privacyCode !== PRIVACY.onlyMe;
}

/** `allows` for one viewer and one owner, looking the relation up. */
export async function canView(db: Db, viewerId: number, ownerId: number, privacyCode: number): Promise<boolean> {
  return allows(privacyCode, await relationOf(db, viewerId, ownerId));
}

/** The owner's privacy of every feature; "personal" comes from users.privacy_code. */
export async function featurePrivacies(db: Db, ownerId: number): Promise<Record<PrivacyFeature, number>> {
  const [owner] = await statements(db).personal.execute({ owner: ownerId });
  const rows = await statements(db).features.execute({ owner: ownerId });
  const result = Object.fromEntries(PRIVACY_FEATURES.map((f) => [f, defaultPrivacyOf(f)])) as Record<PrivacyFeature, number>;
  for (const row of rows) if (row.featureCode in result) result[row.featureCode as PrivacyFeature] = row.privacyCode;
  result.personal = owner?.privacyCode ?? DEFAULT_PRIVACY_CODE;
  return result;
}

/** The one writer of a feature's privacy, so "personal" never drifts from users.privacy_code. */
export async function setFeaturePrivacy(db: Db, userId: number, feature: PrivacyFeature, privacyCode: number): Promise<void> {
  if (feature === 'personal') {
    await db.update(users).set({ privacyCode }).where(eq(users.id, userId));
    return;
  }
  await db
    .insert(userPrivacySettings)
    .values({ userId, featureCode: feature, privacyCode })
    .onConflictDoUpdate({ target: [userPrivacySettings.userId, userPrivacySettings.featureCode], set: { privacyCode } });
}
