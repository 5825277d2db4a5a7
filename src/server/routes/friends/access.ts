/**
 * The other member of a billionett write. (Whose billionetts a read is about, and whether
 * the viewer may see them, is the routes' declared `reads: 'billionetts'` rule: plugins/policy.ts.)
 */
import type { Db } from '../../db/client';
import { findMember } from '../../domain/members';
import { HttpError } from '../../http-error';
import type { Member } from '../../plugins/auth';

/** The other member of a write, by code; never oneself where `selfMessage` is given. */
export async function otherMember(db: Db, me: Member, friendCode: string, selfMessage?: string): Promise<{ id: number; userCode: string }> {
  if (friendCode === me.userCode && selfMessage) throw new HttpError(400, selfMessage, { friendCode: [selfMessage] });
  const other = await findMember(db, friendCode);
  if (!other) throw new HttpError(404, 'Member not found.');
  return { id: other.id, userCode: other.userCode };
}
