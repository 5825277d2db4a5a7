/**
 * Entry writes against the tables: the target suite, tags, feeling/activity checks and
 * the insert of an entry (or share) with its tags and gallery, in the caller's transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { CIRCLE_MESSAGES } from '../../../contract/circles';
import { ENTRY_MESSAGES, type PostGallery, type PostType } from '../../../contract/entries';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { postMedia, posts, postTags } from '../../db/schema/entries';
import { emojis } from '../../db/schema/masters';
import { fieldError, HttpError } from '../../http-error';
import type { Member } from '../../plugins/auth';
import { areFriends } from '../../policy/privacy';
import { loadCircle, loadSlate } from '../circles/repo';
import { findMember } from '../members';
import { visibleTo } from '../../policy/visibility';

export type EntryRef = { id: number; postCode: string; authorId: number; featureCode: number; pollOption3: string | null; sharedPostId: number | null };

const refColumns = {
  id: posts.id,
  postCode: posts.postCode,
  authorId: posts.authorId,
  featureCode: posts.featureCode,
  pollOption3: posts.pollOption3,
  sharedPostId: posts.sharedPostId,
};

/** The entry if it exists and I may see it; otherwise 404 (missing and hidden look the same). */
export async function visibleEntry(db: Db, me: Member, postCode: string): Promise<EntryRef> {
  const [row] = await db.select(refColumns).from(posts).where(and(eq(posts.postCode, postCode), visibleTo(me.id))).limit(1);
  if (!row) throw new HttpError(404, ENTRY_MESSAGES.notFound);
  return row;
}

/** The entry for an author-only action: 404 when I cannot see it, 403 when it is not mine. */
export async function ownEntry(db: Db, me: Member, postCode: string): Promise<EntryRef> {
  const row = await visibleEntry(db, me, postCode);
  if (row.authorId !== me.id) throw new HttpError(403, ENTRY_MESSAGES.notAuthor);
  return row;
}

/** A row with this code already (a replayed create); someone else's code is a 409. */
export async function existingCreate(db: Db, me: Member, postCode: string): Promise<boolean> {
  const [row] = await db.select({ authorId: posts.authorId }).from(posts).where(eq(posts.postCode, postCode)).limit(1);
  if (!row) return false;
  if (row.authorId !== me.id) throw new HttpError(409, ENTRY_MESSAGES.codeTaken);
  return true;
}

/** Where a new entry or share goes: exactly one origin column, matching posts_origin_ck. */
export type Origin =
  | { originType: 'user'; originUserId: number }
  | { originType: 'group'; originGroupId: number }
  | { originType: 'page'; originPageId: number };

/**
 * The target of a create or share: my suite, a billionett's suite (403 otherwise), a circle
 * I am a member of, or a slate I administer. A circle or slate I may not read is a 404 like
 * a missing one (its existence does not leak); one I may read but not post on is a 403;
 * an inactive one (statusCode not 9) takes no entries (403).
 */
export async function targetOrigin(db: Db, me: Member, postType: PostType, profileCode: string | undefined): Promise<Origin> {
  if (postType === 'user') {
    if (!profileCode || profileCode === me.userCode) return { originType: 'user', originUserId: me.id };
    const owner = await findMember(db, profileCode);
    if (!owner || !(await areFriends(db, me.id, owner.id))) throw new HttpError(403, ENTRY_MESSAGES.targetNotAllowed);
    return { originType: 'user', originUserId: owner.id };
  }
  if (!profileCode) throw fieldError('profileCode', CIRCLE_MESSAGES.targetRequired);
  if (postType === 'group') {
    const circle = await loadCircle(db, me.id, profileCode);
    if (!circle) throw new HttpError(404, CIRCLE_MESSAGES.circleNotFound);
    if (circle.membership !== 'owner' && circle.membership !== 'member') throw new HttpError(403, CIRCLE_MESSAGES.notCircleMember);
    if (!circle.canPost) throw new HttpError(403, CIRCLE_MESSAGES.notActive);
    return { originType: 'group', originGroupId: circle.id };
  }
  const slate = await loadSlate(db, me.id, profileCode);
  if (!slate) throw new HttpError(404, CIRCLE_MESSAGES.slateNotFound);
  if (slate.followingStatus !== 'owner') throw new HttpError(403, CIRCLE_MESSAGES.notSlateAdmin);
  if (!slate.canPost) throw new HttpError(403, CIRCLE_MESSAGES.notActive);
  return { originType: 'page', originPageId: slate.id };
}

export async function tagIds(db: Db, codes: string[]): Promise<number[]> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return [];
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.userCode, unique));
  if (rows.length !== unique.length) throw fieldError('postTags', 'A tagged member was not found.');
  return rows.map((r) => r.id);
}

export async function checkEmoji(db: Db, field: string, code: string | null | undefined, type: 'feeling' | 'activity') {
  if (!code) return;
  const [row] = await db.select({ t: emojis.emojiType }).from(emojis).where(eq(emojis.emojiCode, code)).limit(1);
  if (row?.t !== type) throw fieldError(field, `Unknown ${type}.`);
}

/** Media paths come from the media upload; only our own /media/ paths are accepted. */
export function checkGallery(galleries: PostGallery[]) {
  for (const g of galleries) {
    if (!g.path.startsWith('/media/') || g.path.includes('..')) throw fieldError('postGalleries', 'Unknown media path.');
  }
}

export type NewEntry = typeof posts.$inferInsert;

export async function insertEntry(db: Db, row: NewEntry, tags: number[], galleries: PostGallery[]): Promise<number> {
  const [inserted] = await db.insert(posts).values(row).returning({ id: posts.id });
  const id = inserted!.id;
  if (tags.length > 0) await db.insert(postTags).values(tags.map((userId) => ({ postId: id, userId })));
  if (galleries.length > 0) {
    await db.insert(postMedia).values(
      galleries.map((g, i) => ({
        postId: id,
        ord: i,
        path: g.path,
        width: g.width,
        height: g.height,
        albumName: g.albumName,
        mediaType: g.mediaType,
      })),
    );
  }
  return id;
}
