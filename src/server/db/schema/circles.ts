/**
 * Circles (groups) and slates (pages): what entries stand on (contract/circles.ts fixes
 * the privacy model). A circle's admin is also a row of circle_members, so "members" is
 * one table to ask; a slate's admin is never a follower of their own slate. Codes are
 * short random base32 strings (G… for circles, S… for slates), used in URLs instead of ids.
 * Category code and name are kept on the row, set from the type (contract/circle-admin.ts
 * categoryOf). Asks to join or follow and invitations wait in circle_requests /
 * slate_requests; 'Later' on a suggestion is a row of circle_dismissals / slate_dismissals.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * The columns a circle and a slate share, made fresh for each table (a drizzle column
 * belongs to one table). `privacyCode`: 1 Everyone, 2 Billionetts, 3 Only me — for a circle
 * its members and the admin's billionetts (2) or its members only (3); for a slate its
 * followers and the admin's billionetts (2) or the admin alone (3).
 */
const originColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  caption: text('caption').notNull().default(''),
  description: text('description').notNull().default(''),
  /** Profession code the circle or slate is for (groupType / pageType). */
  typeCode: text('type_code').notNull(),
  categoryCode: text('category_code').notNull(),
  categoryName: text('category_name').notNull(),
  privacyCode: smallint('privacy_code').notNull().default(1),
  /** 9 active (navigable, accepts entries); 5 paused by its owner (contract/circle-admin.ts). */
  statusCode: smallint('status_code').notNull().default(9),
  /** Per-feature privacy (contract/circle-admin.ts ORIGIN_FEATURES), 1 until the owner changes it. */
  entriesPrivacy: smallint('entries_privacy').notNull().default(1),
  membersPrivacy: smallint('members_privacy').notNull().default(1),
  requestsPrivacy: smallint('requests_privacy').notNull().default(1),
  adminId: integer('admin_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** imageName of the picture, or null. */
  profilePic: text('profile_pic'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const circles = pgTable('circles', { ...originColumns(), groupCode: text('group_code').notNull() }, (t) => [
  uniqueIndex('circles_code_uq').on(t.groupCode),
  index('circles_admin_ix').on(t.adminId),
  check('circles_privacy_ck', sql`${t.privacyCode} in (1, 2, 3)`),
  check('circles_features_ck', sql`${t.entriesPrivacy} in (1, 2, 3) and ${t.membersPrivacy} in (1, 2, 3) and ${t.requestsPrivacy} in (1, 2, 3)`),
]);

export const circleMembers = pgTable(
  'circle_members',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.userId] }), index('circle_members_user_ix').on(t.userId)],
);

/** An ask to join ('join', by the member) or an invitation ('invite', by the owner); at most one open per pair. */
export const circleRequests = pgTable(
  'circle_requests',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.userId] }),
    index('circle_requests_user_ix').on(t.userId),
    check('circle_requests_kind_ck', sql`${t.kind} in ('join', 'invite')`),
  ],
);

/** 'Later' on a suggested circle: not suggested to that member again. */
export const circleDismissals = pgTable(
  'circle_dismissals',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.circleId] })],
);

export const slates = pgTable('slates', { ...originColumns(), pageCode: text('page_code').notNull() }, (t) => [
  uniqueIndex('slates_code_uq').on(t.pageCode),
  index('slates_admin_ix').on(t.adminId),
  check('slates_privacy_ck', sql`${t.privacyCode} in (1, 2, 3)`),
  check('slates_features_ck', sql`${t.entriesPrivacy} in (1, 2, 3) and ${t.membersPrivacy} in (1, 2, 3) and ${t.requestsPrivacy} in (1, 2, 3)`),
]);

export const slateFollowers = pgTable(
  'slate_followers',
  {
    slateId: integer('slate_id')
      .notNull()
      .references(() => slates.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slateId, t.userId] }), index('slate_followers_user_ix').on(t.userId)],
);

/** An ask to follow a slate whose 'requests' privacy wants its admin to let followers in. */
export const slateRequests = pgTable(
  'slate_requests',
  {
    slateId: integer('slate_id')
      .notNull()
      .references(() => slates.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slateId, t.userId] }), index('slate_requests_user_ix').on(t.userId)],
);

export const slateDismissals = pgTable(
  'slate_dismissals',
  {
    slateId: integer('slate_id')
      .notNull()
      .references(() => slates.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slateId] })],
);
