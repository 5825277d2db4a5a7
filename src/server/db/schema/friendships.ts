/**
 * Billionetts: accepted connections, pending requests, dismissed suggestions and
 * references (outside people a member invites). Friendships keep one row per pair with
 * user_a < user_b, so a pair cannot be stored twice.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const friendships = pgTable(
  'friendships',
  {
    userA: integer('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: integer('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userA, t.userB] }),
    index('friendships_user_b_ix').on(t.userB),
    check('friendships_order_ck', sql`${t.userA} < ${t.userB}`),
  ],
);

/**
 * A pending billionett request. The unique index over the unordered pair means at most one
 * request between two members in either direction: on PostgreSQL two members requesting
 * each other at the same instant cannot both succeed (the loser retries and finds the other
 * request, which then becomes the friendship).
 */
export const friendRequests = pgTable(
  'friend_requests',
  {
    fromId: integer('from_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toId: integer('to_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fromId, t.toId] }),
    index('friend_requests_to_ix').on(t.toId),
    uniqueIndex('friend_requests_pair_uq').on(sql`least(${t.fromId}, ${t.toId})`, sql`greatest(${t.fromId}, ${t.toId})`),
    check('friend_requests_self_ck', sql`${t.fromId} <> ${t.toId}`),
  ],
);

/** Members a member never wants suggested again ("Later", a rejected request, an unfriend). */
export const friendDismissals = pgTable(
  'friend_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissedId: integer('dismissed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dismissedId] })],
);

/**
 * A reference candidate: someone outside the network a member vouches for, so the admin can
 * contact them about an activation code. `contact` is the e-mail (lower-cased) or the mobile.
 */
export const friendReferences = pgTable(
  'friend_references',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Random opaque code used in URLs (never the serial id). */
    refCode: text('ref_code').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contact: text('contact').notNull(),
    professionCode: text('profession_code').notNull(),
    /** How often the owner pressed "Request again". */
    notified: integer('notified').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('friend_references_code_uq').on(t.refCode),
    uniqueIndex('friend_references_owner_contact_uq').on(t.ownerId, t.contact),
    index('friend_references_contact_ix').on(t.contact),
  ],
);
