/**
 * 'Download your data' (issue 29; domain/data-export/). One row per member at most (a new
 * request replaces a ready or failed one; one still queued or building refuses it), so
 * "one at a time per member" is the unique index, not a check a race could slip past.
 *
 * The row is also the job's queue: any API host claims a queued row with SKIP LOCKED and
 * holds it by a lease (`locked_until`), so a host that died mid-build leaves it to another.
 * The JSON parts are built once into `snapshot` (plain json: the member's own key order
 * stays); the media are listed, not copied: the download streams them from the media store.
 * The download link's token is kept only as its SHA-256, and for minutes.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, json, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** A media file of the export: where the store keeps it, and its name in the zip. */
export type ExportMedia = { dir: string; fileName: string; zipPath: string };

export const dataExports = pgTable(
  'data_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** queued → building → ready (or failed). */
    status: text('status').notNull().default('queued'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** While building: the lease of the host building it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** SHA-256 (hex) of the latest download link's token, and when that link stops working. */
    linkHash: text('link_hash'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    /** The JSON parts, by part name (contract/data-export.ts EXPORT_PARTS). */
    snapshot: json('snapshot').$type<Record<string, unknown>>(),
    media: jsonb('media').$type<ExportMedia[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('data_exports_user_ux').on(t.userId),
    uniqueIndex('data_exports_link_ux').on(t.linkHash),
    // The job looks only at the few rows waiting or being built.
    index('data_exports_pending_ix').on(t.requestedAt).where(sql`${t.status} in ('queued', 'building')`),
    check('data_exports_status_ck', sql`${t.status} in ('queued', 'building', 'ready', 'failed')`),
  ],
);
