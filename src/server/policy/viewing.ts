/**
 * A read of one member's feature (`{ reads: feature, of }` rules): whose it is, how the
 * caller relates to them, and whether that feature's privacy lets the caller see it.
 */
import { eq, sql } from 'drizzle-orm';
import { defaultPrivacyOf, type PrivacyFeature } from '../../contract/codes';
import { perDatabase, type Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { userPrivacySettings } from '../db/schema/privacy';
import { HttpError } from '../http-error';
import { allows, type Relation } from './privacy';
import { friendsSql } from './visibility';

export type Viewed = { id: number; userCode: string; relation: Relation; visible: boolean };

/**
 * The owner by code, their privacy of one feature and whether the viewer is their
 * billionett, in one statement (a suite page asks it before its entries: four round trips
 * were a third of the page's time). The same reads as privacy.ts featurePrivacies and
 * relationOf ("personal" is users.privacy_code; a feature never set has the default).
 */
const ownerStatement = perDatabase((db) =>
  db
    .select({
      id: users.id,
      userCode: users.userCode,
      personal: users.privacyCode,
      feature: sql<number | null>`(select ${userPrivacySettings.privacyCode} from ${userPrivacySettings} where ${userPrivacySettings.userId} = ${users.id} and ${userPrivacySettings.featureCode} = ${sql.placeholder('feature')})`,
      friend: sql<boolean>`${friendsSql(users.id, sql.placeholder('me'))}`,
    })
    .from(users)
    .where(eq(users.userCode, sql.placeholder('code')))
    .limit(1)
    .prepare('owner_view'),
);

/** The member named `userCode` (the caller when absent) as `me` may see their `feature`; 404 for no such member. */
export async function viewFeature(db: Db, me: { id: number; userCode: string }, userCode: string | undefined, feature: PrivacyFeature): Promise<Viewed> {
  if (!userCode || userCode === me.userCode) return { id: me.id, userCode: me.userCode, relation: { self: true, friend: false }, visible: true };
  const [owner] = await ownerStatement(db).execute({ code: userCode, feature, me: me.id });
  if (!owner) throw new HttpError(404, 'Member not found.');
  // Another member: the caller's own code returned above (codes are unique).
  const relation: Relation = { self: false, friend: Boolean(owner.friend) };
  const privacy = feature === 'personal' ? owner.personal : (owner.feature ?? defaultPrivacyOf(feature));
  return { id: owner.id, userCode: owner.userCode, relation, visible: allows(privacy, relation) };
}
