/**
 * The WHERE of each feed mode and of the shortcut filters (spec §2.4). Visibility is
 * added by feed-page.ts, never here, so no mode can forget it.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { ENTRY_TYPE, FEED_FILTER } from '../../../contract/codes';
import { slates } from '../../db/schema/circles';
import { postMedia, posts, postTags, savedPosts } from '../../db/schema/entries';
import { followedSlateIdsSql, friendIdsSql, memberCircleIdsSql, type Viewer } from '../../policy/visibility';

const TYPE_FILTERS: number[] = [FEED_FILTER.poll, FEED_FILTER.occasion, FEED_FILTER.transit, FEED_FILTER.entry];

/**
 * Home: my entries; on suites, my billionetts' entries and entries on my suite; entries on
 * the circles I am a member of and the slates I own or follow (contract/circles.ts: a
 * billionett's entry on a circle I am not in stays on that circle); entries tagging me.
 *
 * An origin's id stands without `origin_type` beside it (posts_origin_ck: only a circle's entry
 * has an origin_group_id, only a slate's an origin_page_id, only a suite's an origin_user_id).
 * Beside it, `origin_type <> 'user'` is implied, which is the predicate of the partial search
 * index posts_words_origins: PostgreSQL then ANDed the bitmap of every circle entry from that
 * index (50,000 of them at 100,000 members) into the home page of each member of a circle —
 * 7 ms a page, growing with the community.
 */
export const homeWhere = (me: Viewer): SQL =>
  or(
    eq(posts.authorId, me),
    eq(posts.originUserId, me),
    and(sql`${posts.originType} = 'user'`, sql`${posts.authorId} = any(${friendIdsSql(me)})`),
    sql`${posts.originGroupId} = any(${memberCircleIdsSql(me)})`,
    sql`(${posts.originPageId} = any(${followedSlateIdsSql(me)}) or ${posts.originPageId} = any(array(select ${slates.id} from ${slates} where ${slates.adminId} = ${me})))`,
    // The ids as one array, like the branches above, not a correlated `exists`: every branch of
    // the OR is then an index condition (a BitmapOr over five indexes), where one `exists` made
    // PostgreSQL read every entry (10,000 members: 53 ms → 3 ms a home page).
    sql`${posts.id} = any(array(select ${postTags.postId} from ${postTags} where ${postTags.userId} = ${me}))`,
  )!;

/** A member's suite: what was posted on it (by them or by their billionetts); the origins' ids alone, as in homeWhere. */
export const suiteWhere = (ownerId: Viewer): SQL => eq(posts.originUserId, ownerId);

/** A circle's suite (feed mode circle): what was posted on it. */
export const circleWhere = (circleId: Viewer): SQL => eq(posts.originGroupId, circleId);

/** A slate's suite (feed mode slate). */
export const slateWhere = (slateId: Viewer): SQL => eq(posts.originPageId, slateId);

/** The saved entries' ids first (an index scan), then those rows by id: not an `exists` tried on every entry. */
export const savedWhere = (me: Viewer): SQL =>
  sql`${posts.id} = any(array(select ${savedPosts.postId} from ${savedPosts} where ${savedPosts.userId} = ${me}))`;

/** The entry itself or, for a share, the entry it shares. */
const selfOrShared = (table: { postId: unknown }) =>
  sql`(${table.postId} = ${posts.id} or ${table.postId} = ${posts.sharedPostId})`;

/** The filter codes as one shape: the same filters in any order or repeated are one (at most 2⁷). */
export const filterShape = (codes: readonly number[]): number[] => [...new Set(codes)].sort((a, b) => a - b);

/** Whether featureWhere(codes) depends on who is looking: 16 (saved by me) and 18 (tagged me) do. */
export const filtersNameViewer = (codes: readonly number[]): boolean => codes.includes(FEED_FILTER.archive) || codes.includes(FEED_FILTER.tags);

/**
 * Shortcut filters: the type codes (1, 2, 3, 5; a Theatre entry counts as 5) narrow by type
 * (any of them); 11 gallery, 16 archive and 18 tags each narrow further.
 */
export function featureWhere(codes: number[], me: Viewer): SQL | undefined {
  const parts: SQL[] = [];
  const types = codes.filter((c) => TYPE_FILTERS.includes(c));
  if (types.length > 0) {
    const withTheatre = types.includes(ENTRY_TYPE.entry) ? [...types, ENTRY_TYPE.theatre] : types;
    // Literals: the codes are part of the statement's shape (feed-page.ts), and the planner sees them.
    parts.push(sql`${posts.featureCode} in (${sql.raw(withTheatre.map(Number).join(', '))})`);
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

/** featureWhere with every filter at once: what any filter may read (search-repo.ts searchTables). */
export const allFiltersWhere = (me: Viewer): SQL => featureWhere([...TYPE_FILTERS, FEED_FILTER.gallery, FEED_FILTER.archive, FEED_FILTER.tags], me)!;

/** The feed modes that page through `posts` (search pages its own way: search-repo.ts); `target` is the suite's owner, the circle or the slate. */
export const FEED_MODES = {
  home: (me: Viewer) => homeWhere(me),
  suite: (_me: Viewer, target: Viewer) => suiteWhere(target),
  circle: (_me: Viewer, target: Viewer) => circleWhere(target),
  slate: (_me: Viewer, target: Viewer) => slateWhere(target),
  saved: (me: Viewer) => savedWhere(me),
} satisfies Record<string, (me: Viewer, target: Viewer) => SQL>;
export type FeedMode = keyof typeof FEED_MODES;
