/**
 * Bulletin (notify) switches per member and feature. A missing row means 'Yes' (the
 * default), so reset simply deletes the member's rows. Privacy settings live in privacy.ts.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const userNotifySettings = pgTable(
  'user_notify_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    featureCode: text('feature_code').notNull(),
    notify: text('notify').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.featureCode] }), check('user_notify_settings_notify_ck', sql`${t.notify} in ('Yes', 'No')`)],
);
