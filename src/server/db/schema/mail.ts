/** The dev mailbox: mail kept here instead of sent when no SMTP_URL is configured. */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const devMail = pgTable('dev_mail', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
