/**
 * Files members upload (pictures now; entry and barter media later). The bytes live on
 * disk under DATA_DIR/media/{imageType}/{fileName}; this row says whose they are and how
 * big (storage utilization sums `bytes`). File names are 128 random bits, never reused.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** primary | secondary | tertiary | source | temp */
    imageType: text('image_type').notNull(),
    fileName: text('file_name').notNull(),
    /** MIME type, judged from the content. */
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_type_name_uq').on(t.imageType, t.fileName), index('media_owner_ix').on(t.ownerId)],
);
