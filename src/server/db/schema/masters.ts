/** Master lists the screens pick from (spec/product.md §3). */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const privacies = pgTable('privacies', {
  privacyCode: integer('privacy_code').primaryKey(),
  privacyName: text('privacy_name').notNull(),
});

export const professions = pgTable('professions', {
  professionCode: text('profession_code').primaryKey(),
  professionName: text('profession_name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const emojis = pgTable('emojis', {
  emojiCode: text('emoji_code').primaryKey(),
  emojiType: text('emoji_type').notNull(),
  emojiName: text('emoji_name').notNull(),
  emojiDisplay: text('emoji_display').notNull(),
  emojiIcon: text('emoji_icon').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
