/**
 * A read of one member's feature (`{ reads: feature, of }` rules): whose it is, how the
 * caller relates to them, and whether that feature's privacy lets the caller see it.
 */
import { eq, sql } from 'drizzle-orm';
import { defaultPrivacyOf, type PrivacyFeature } from '../../contract/codes';
import { perDatabase, type Db } from '../db/client';
import { keptUntilWritten, readTables } from '../db/write-clock';
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
const ownerView = perDatabase((db) => {
  const query = db
    .select({
      id: users.id,
      userCode: users.userCode,
      personal: users.privacyCode,
      feature: sql<number | null>`(select ${userPrivacySettings.privacyCode} from ${userPrivacySettings} where ${userPrivacySettings.userId} = ${users.id} and ${userPrivacySettings.featureCode} = ${sql.placeholder('feature')})`,
      friend: sql<boolean>`${friendsSql(users.id, sql.placeholder('me'))}`,
    })
    .from(users)
    .where(eq(users.userCode, sql.placeholder('code')))
    .limit(1);
  // What it reads, from its own text: a write to any of these is news for a kept answer.
  return { statement: query.prepare('owner_view'), tables: readTables(query.toSQL().sql) };
});

type Owner = Awaited<ReturnType<ReturnType<typeof ownerView>['statement']['execute']>>[number];

/**
 * The answer kept per viewer, owner and feature until a table it reads is written
 * (db/write-clock.ts; on PostgreSQL every host hears every write), as the feed's pages and
 * the accounts are: a privacy, a friendship or an account changed counts at once. A suite's
 * every page asks it, and a member reads the same few suites again and again.
 */
const keptOwner = keptUntilWritten<{ row?: Owner }>(20_000);

/** The member named `userCode` (the caller when absent) as `me` may see their `feature`; 404 for no such member. */
export async function viewFeature(db: Db, me: { id: number; userCode: string }, userCode: string | undefined, feature: PrivacyFeature): Promise<Viewed> {
  if (!userCode || userCode === me.userCode) return { id: me.id, userCode: me.userCode, relation: { self: true, friend: false }, visible: true };
  const view = ownerView(db);
  const { row: owner } = await keptOwner(db, `${me.id}:${feature}:${userCode}`, view.tables, async () => ({
    row: (await view.statement.execute({ code: userCode, feature, me: me.id }))[0],
  }));
  if (!owner) throw new HttpError(404, 'Member not found.');
  // Another member: the caller's own code returned above (codes are unique).
  const relation: Relation = { self: false, friend: Boolean(owner.friend) };
  const privacy = feature === 'personal' ? owner.personal : (owner.feature ?? defaultPrivacyOf(feature));
  return { id: owner.id, userCode: owner.userCode, relation, visible: allows(privacy, relation) };
}
