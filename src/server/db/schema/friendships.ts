/**
 * Accepted connections (billionetts). One row per pair with user_a < user_b, so a pair
 * cannot be stored twice; later issues add requests, suggestions and references.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
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
