/**
 * Whose billionetts a read is about, and whether the viewer may see them: a visitor's read
 * (query userCode of another member) follows the owner's 'billionetts' privacy (DESIGN.md
 * privacy model); hidden lists answer accessCode 106 and no rows.
 */
import { ACCESS_RESTRICTED } from '../../../contract/codes';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Member } from '../../plugins/auth';
import { allows, featurePrivacies, relationOf } from '../../privacy';
import { findMember } from '../user/repo';

export type Owner = { id: number; userCode: string; visible: boolean };

export async function ownerOf(db: Db, me: Member, userCode: string | undefined): Promise<Owner> {
  if (!userCode || userCode === me.userCode) return { id: me.id, userCode: me.userCode, visible: true };
  const owner = await findMember(db, userCode);
  if (!owner) throw new HttpError(404, 'Member not found.');
  const privacy = await featurePrivacies(db, owner.id);
  const visible = allows(privacy.billionetts, await relationOf(db, me.id, owner.id));
  return { id: owner.id, userCode: owner.userCode, visible };
}

export const HIDDEN = { code: 200, message: 'Hidden by the member.', accessCode: ACCESS_RESTRICTED } as const;

/** The other member of a write, by code; never oneself where `selfMessage` is given. */
export async function otherMember(db: Db, me: Member, friendCode: string, selfMessage?: string): Promise<{ id: number; userCode: string }> {
  if (friendCode === me.userCode && selfMessage) throw new HttpError(400, selfMessage, { friendCode: [selfMessage] });
  const other = await findMember(db, friendCode);
  if (!other) throw new HttpError(404, 'Member not found.');
  return { id: other.id, userCode: other.userCode };
}
