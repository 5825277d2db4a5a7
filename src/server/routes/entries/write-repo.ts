/**
 * Entry writes against the tables: the target suite, tags, feeling/activity checks and
 * the insert of an entry (or share) with its tags and gallery, in the caller's transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { ENTRY_MESSAGES, type PostGallery, type PostType } from '../../../contract/entries';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { postMedia, posts, postTags } from '../../db/schema/entries';
import { emojis } from '../../db/schema/masters';
import { fieldError, HttpError } from '../../http-error';
import type { Member } from '../../plugins/auth';
import { areFriends } from '../../privacy';
import { findMember } from '../user/repo';
import { visibleTo } from './visibility';

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

/** Suite the entry goes on: mine, or a billionett's. Circles and slates come with their issue. */
export async function targetSuite(db: Db, me: Member, postType: PostType, profileCode: string | undefined): Promise<number> {
  if (postType !== 'user') throw fieldError('postType', ENTRY_MESSAGES.targetNotYet);
  if (!profileCode || profileCode === me.userCode) return me.id;
  const owner = await findMember(db, profileCode);
  if (!owner || !(await areFriends(db, me.id, owner.id))) throw new HttpError(403, ENTRY_MESSAGES.targetNotAllowed);
  return owner.id;
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
