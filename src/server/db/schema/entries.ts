/**
 * Entries (posts) and what hangs on them: tags, media, ratings, poll votes, the archive
 * (saved), reports, comments with replies, and comment reactions. An entry's code is the
 * client's UUIDv7 (unique), so a replayed create finds its row instead of making another.
 * A share is an entry row pointing at the shared entry (shared_post_id).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { tsvector } from './types';
import { users } from './accounts';
import { circles, slates } from './circles';

export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postCode: text('post_code').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Where the entry was posted: 'user' (a member's suite, origin_user_id), 'group' (a
     * circle, origin_group_id) or 'page' (a slate, origin_page_id); exactly the matching
     * origin column is set (posts_origin_ck).
     */
    originType: text('origin_type').notNull().default('user'),
    /** The suite the entry was posted on (the author's own or a billionett's). */
    originUserId: integer('origin_user_id').references(() => users.id, { onDelete: 'cascade' }),
    originGroupId: integer('origin_group_id').references(() => circles.id, { onDelete: 'cascade' }),
    originPageId: integer('origin_page_id').references(() => slates.id, { onDelete: 'cascade' }),
    featureCode: smallint('feature_code').notNull(),
    description: text('description').notNull().default(''),
    /**
     * The description's words, folded (billionett_fold: unaccent + lower, migration 0007) and
     * split by PostgreSQL's 'simple' parser, kept by PostgreSQL itself (migration 0013): entry
     * search tests a walked entry against them without folding or splitting it again, and
     * their GIN indexes hand back the entries holding a word (routes/entries/search-repo.ts).
     */
    searchWords: tsvector('search_words').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, billionett_fold(description))`),
    emojiCode: text('emoji_code'),
    activityCode: text('activity_code'),
    privacyCode: smallint('privacy_code').notNull().default(1),
    fromPlaceId: text('from_place_id'),
    fromPlace: text('from_place'),
    fromLat: doublePrecision('from_lat'),
    fromLon: doublePrecision('from_lon'),
    toPlaceId: text('to_place_id'),
    toPlace: text('to_place'),
    toLat: doublePrecision('to_lat'),
    toLon: doublePrecision('to_lon'),
    fromAt: timestamp('from_at', { withTimezone: true }),
    toAt: timestamp('to_at', { withTimezone: true }),
    pollQuestion: text('poll_question'),
    pollOption1: text('poll_option1'),
    pollOption2: text('poll_option2'),
    pollOption3: text('poll_option3'),
    /** A share: the shared entry; null once that entry is deleted (the share stays). */
    sharedPostId: integer('shared_post_id').references((): AnyPgColumn => posts.id, { onDelete: 'set null' }),
    isShare: boolean('is_share').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('posts_code_uq').on(t.postCode),
    index('posts_author_ix').on(t.authorId, t.createdAt),
    index('posts_origin_ix').on(t.originUserId, t.createdAt),
    index('posts_origin_group_ix').on(t.originGroupId, t.createdAt),
    index('posts_origin_page_ix').on(t.originPageId, t.createdAt),
    index('posts_created_ix').on(t.createdAt),
    /** Entry search walks the newest public suite entries first (routes/entries/search-repo.ts). */
    index('posts_public_created_ix').on(t.createdAt, t.id).where(sql`${t.originType} = 'user' and ${t.privacyCode} = 1`),
    index('posts_shared_ix').on(t.sharedPostId),
    // A search's own part (routes/entries/search-repo.ts): the viewer's and their billionetts'
    // suite entries not public. By posts_author_ix it read every entry of theirs to keep these
    // (~200 an average member): 291 → 193 buffers, 0.45 → 0.35 ms of PostgreSQL a search.
    index('posts_private_author_ix').on(t.authorId).where(sql`${t.originType} = 'user' and ${t.privacyCode} <> 1`),
    check('posts_privacy_ck', sql`${t.privacyCode} in (1, 2, 3)`),
    check(
      'posts_origin_ck',
      sql`(${t.originType} = 'user' and ${t.originUserId} is not null and ${t.originGroupId} is null and ${t.originPageId} is null)
        or (${t.originType} = 'group' and ${t.originGroupId} is not null and ${t.originUserId} is null and ${t.originPageId} is null)
        or (${t.originType} = 'page' and ${t.originPageId} is not null and ${t.originUserId} is null and ${t.originGroupId} is null)`,
    ),
  ],
);

export const postTags = pgTable(
  'post_tags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_tags_user_ix').on(t.userId)],
);

/** Gallery items; `path` is what the entry media upload answered (coordinated by path only). */
export const postMedia = pgTable(
  'post_media',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    ord: integer('ord').notNull(),
    path: text('path').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    albumName: text('album_name').notNull().default(''),
    mediaType: text('media_type').notNull().default('image'),
  },
  (t) => [primaryKey({ columns: [t.postId, t.ord] })],
);

/** One rating per member and entry, stored in half steps (1..10) so sums stay exact. */
export const postRatings = pgTable(
  'post_ratings',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    halves: smallint('halves').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), check('post_ratings_ck', sql`${t.halves} between 1 and 10`)],
);

export const pollVotes = pgTable(
  'poll_votes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    option: smallint('option').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), check('poll_votes_ck', sql`${t.option} between 1 and 3`)],
);

export const savedPosts = pgTable(
  'saved_posts',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('saved_posts_user_ix').on(t.userId, t.createdAt)],
);

export const postReports = pgTable(
  'post_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_reports_post_ix').on(t.postId)],
);

/** Comments and replies: a reply's parent is always a top-level comment (one level). */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    commentCode: text('comment_code').notNull(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comments_code_uq').on(t.commentCode),
    index('comments_post_ix').on(t.postId, t.parentId, t.createdAt),
    index('comments_parent_ix').on(t.parentId, t.createdAt),
  ],
);

export const commentReactions = pgTable(
  'comment_reactions',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'like' | 'dislike' */
    exp: text('exp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);
