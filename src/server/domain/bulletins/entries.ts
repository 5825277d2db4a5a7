/**
 * The bulletins entries cause (issue 16): a comment or reply, a rating, a share, a tag.
 * A bulletin links to an entry, so it is written only when its reader may see that entry
 * (the same predicate the feed uses): a share kept to the sharer's billionetts does not
 * tell an author who is not one of them that it exists.
 */
import { and, eq } from 'drizzle-orm';
import type { BulletinKind } from '../../../contract/bulletins';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema/entries';
import { visibleTo } from '../../policy/visibility';
import type { BulletinEvent } from './create';

export const entryUrl = (postCode: string) => `/entries/${encodeURIComponent(postCode)}`;

/** The bulletin telling `to` that `from` did `kind` on the entry `postCode` — null when `to` may not see it (or is `from`). */
export async function entryBulletin(tx: Db, kind: BulletinKind, from: number, to: number, postCode: string): Promise<BulletinEvent | null> {
  if (to === from) return null;
  const [row] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.postCode, postCode), visibleTo(to)))
    .limit(1);
  return row ? { kind, to, from, url: entryUrl(postCode), subjectCode: postCode } : null;
}
