/**
 * Per-feature privacy of a member (work, education, suite tabs). A missing row means
 * the default (1 Everyone). The "personal" feature lives in users.privacy_code, because
 * update/user/personal writes it together with the profile.
 */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { privacies } from './masters';
import { users } from './accounts';

export const userPrivacySettings = pgTable(
  'user_privacy_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    featureCode: text('feature_code').notNull(),
    privacyCode: integer('privacy_code')
      .notNull()
      .references(() => privacies.privacyCode),
  },
  (t) => [primaryKey({ columns: [t.userId, t.featureCode] })],
);
