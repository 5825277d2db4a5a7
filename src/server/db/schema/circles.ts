/**
 * Circles (groups) and slates (pages): what entries stand on (contract/circles.ts fixes
 * the privacy model). A circle's admin is also a row of circle_members, so "members" is
 * one table to ask; a slate's admin is never a follower of their own slate. Codes are
 * short random base32 strings (G… for circles, S… for slates), used in URLs instead of ids.
 * Category code and name are kept on the row: there is no category master yet (the
 * circle form, when it comes, brings one).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const circles = pgTable(
  'circles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupCode: text('group_code').notNull(),
    name: text('name').notNull(),
    caption: text('caption').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Profession code the circle is for (groupType). */
    typeCode: text('type_code').notNull(),
    categoryCode: text('category_code').notNull(),
    categoryName: text('category_name').notNull(),
    /** 1 Everyone, 2 Billionetts (members and the admin's billionetts), 3 Only me (members only). */
    privacyCode: smallint('privacy_code').notNull().default(1),
    /** 9 active (navigable, accepts entries); anything else is inactive. */
    statusCode: smallint('status_code').notNull().default(9),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** imageName of the circle picture, or null. */
    profilePic: text('profile_pic'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('circles_code_uq').on(t.groupCode),
    index('circles_admin_ix').on(t.adminId),
    check('circles_privacy_ck', sql`${t.privacyCode} in (1, 2, 3)`),
  ],
);

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

export const slates = pgTable(
  'slates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pageCode: text('page_code').notNull(),
    name: text('name').notNull(),
    caption: text('caption').notNull().default(''),
    description: text('description').notNull().default(''),
    typeCode: text('type_code').notNull(),
    categoryCode: text('category_code').notNull(),
    categoryName: text('category_name').notNull(),
    /** 1 Everyone, 2 Billionetts (followers and the admin's billionetts), 3 Only me (the admin alone). */
    privacyCode: smallint('privacy_code').notNull().default(1),
    statusCode: smallint('status_code').notNull().default(9),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profilePic: text('profile_pic'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('slates_code_uq').on(t.pageCode),
    index('slates_admin_ix').on(t.adminId),
    check('slates_privacy_ck', sql`${t.privacyCode} in (1, 2, 3)`),
  ],
);

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
