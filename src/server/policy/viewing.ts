/**
 * A read of one member's feature (`{ reads: feature, of }` rules): whose it is, how the
 * caller relates to them, and whether that feature's privacy lets the caller see it.
 */
import type { PrivacyFeature } from '../../contract/codes';
import type { Db } from '../db/client';
import { findMember } from '../domain/members';
import { HttpError } from '../http-error';
import { allows, featurePrivacies, relationOf, type Relation } from './privacy';

export type Viewed = { id: number; userCode: string; relation: Relation; visible: boolean };

/** The member named `userCode` (the caller when absent) as `me` may see their `feature`; 404 for no such member. */
export async function viewFeature(db: Db, me: { id: number; userCode: string }, userCode: string | undefined, feature: PrivacyFeature): Promise<Viewed> {
  if (!userCode || userCode === me.userCode) return { id: me.id, userCode: me.userCode, relation: { self: true, friend: false }, visible: true };
  const owner = await findMember(db, userCode);
  if (!owner) throw new HttpError(404, 'Member not found.');
  const [privacy, relation] = await Promise.all([featurePrivacies(db, owner.id), relationOf(db, me.id, owner.id)]);
  return { id: owner.id, userCode: owner.userCode, relation, visible: allows(privacy[feature], relation) };
}
