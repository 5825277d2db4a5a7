/**
 * The WHERE of each feed mode and of the shortcut filters (spec §2.4). Visibility is
 * added by listItems, never here, so no mode can forget it.
 */
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ENTRY_TYPE, FEED_FILTER } from '../../../contract/codes';
import { postMedia, posts, postTags, savedPosts } from '../../db/schema/entries';
import { friendsSql } from './visibility';

const TYPE_FILTERS: number[] = [FEED_FILTER.poll, FEED_FILTER.occasion, FEED_FILTER.transit, FEED_FILTER.entry];

/** Home: my entries, my billionetts' entries, entries on my suite and entries tagging me. */
export const homeWhere = (me: number): SQL =>
  or(
    eq(posts.authorId, me),
    eq(posts.originUserId, me),
    friendsSql(sql`${posts.authorId}`, me),
    sql`exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id} and ${postTags.userId} = ${me})`,
  )!;

/** A member's suite: what was posted on it (by them or by their billionetts). */
export const suiteWhere = (ownerId: number): SQL => and(eq(posts.originType, 'user'), eq(posts.originUserId, ownerId))!;

export const savedWhere = (me: number): SQL =>
  sql`exists (select 1 from ${savedPosts} where ${savedPosts.postId} = ${posts.id} and ${savedPosts.userId} = ${me})`;

/** `%` and `_` typed by a member are literal characters, not wildcards. */
export const searchWhere = (text: string): SQL => ilike(posts.description, `%${text.replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`);

/** The entry itself or, for a share, the entry it shares. */
const selfOrShared = (table: { postId: unknown }) =>
  sql`(${table.postId} = ${posts.id} or ${table.postId} = ${posts.sharedPostId})`;

/**
 * Shortcut filters: the type codes (1, 2, 3, 5; a Theatre entry counts as 5) narrow by type
 * (any of them); 11 gallery, 16 archive and 18 tags each narrow further.
 */
export function featureWhere(codes: number[], me: number): SQL | undefined {
  const parts: SQL[] = [];
  const types = codes.filter((c) => TYPE_FILTERS.includes(c));
  if (types.length > 0) {
    const withTheatre = types.includes(ENTRY_TYPE.entry) ? [...types, ENTRY_TYPE.theatre] : types;
    parts.push(inArray(posts.featureCode, withTheatre));
  }
  if (codes.includes(FEED_FILTER.gallery)) {
    parts.push(sql`exists (select 1 from ${postMedia} where ${selfOrShared(postMedia)})`);
  }
  if (codes.includes(FEED_FILTER.archive)) parts.push(savedWhere(me));
  if (codes.includes(FEED_FILTER.tags)) {
    parts.push(sql`exists (select 1 from ${postTags} where ${selfOrShared(postTags)} and ${postTags.userId} = ${me})`);
  }
  return parts.length > 0 ? and(...parts) : undefined;
}
