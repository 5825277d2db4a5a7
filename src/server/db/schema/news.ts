/**
 * Live news items of the home page's news column. Published and retired by the admin CLI
 * (`npm run admin -- news-publish | news-retire`); a retired item stays for the record
 * but is no longer live.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const news = pgTable(
  'news',
  {
    newsCode: text('news_code').primaryKey(),
    newsHeading: text('news_heading').notNull(),
    newsReference: text('news_reference').notNull(),
    newsTypeName: text('news_type_name').notNull(),
    primaryImage: text('primary_image'),
    smallImage: text('small_image'),
    lastUpdatedTime: timestamp('last_updated_time', { withTimezone: true }).notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [index('news_updated_ix').on(t.lastUpdatedTime)],
);
