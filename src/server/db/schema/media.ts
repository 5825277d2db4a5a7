/**
 * Files members upload (pictures, entry media). This row says whose a file is and how big
 * (storage utilization sums `bytes`); the bytes themselves live where domain/media-files.ts
 * keeps them (DATA_DIR/media on the embedded database, `media_files` on PostgreSQL). File
 * names are 128 random bits, never reused.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytea } from './types';

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

/**
 * The bytes of media files when they are kept in the database (PostgreSQL: every API process
 * reads them, whichever stored them). `dir` is a picture type or an entry media folder.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    dir: text('dir').notNull(),
    fileName: text('file_name').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dir, t.fileName] })],
);
