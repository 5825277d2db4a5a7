/**
 * A member's sessions: one row per sign-in (a device), which every access token names
 * (`sid`). Revoking the row refuses its tokens at once on every host (plugins/auth.ts reads
 * it, kept only until `sessions` is written: PostgreSQL's write notices reach every host).
 * The refresh token is kept only as its SHA-256, with the one before it for a short grace
 * (two tabs renewing at once) and so that an older one presented again is known as stolen.
 */
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const sessions = pgTable(
  'sessions',
  {
    /** Random, opaque: the session's code in the API (`sid` in tokens). */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "Chrome on Android", from the browser's User-Agent at sign-in. */
    device: text('device').notNull(),
    /** 'Remember me': the session outlives a day without use. */
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last renewal (or the sign-in): a token is renewed every few minutes of use. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Without a renewal by then, the session is over. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    refreshHash: text('refresh_hash').notNull(),
    previousRefreshHash: text('previous_refresh_hash'),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why it ended: 'checkout', 'ended' (by the member elsewhere), 'password', 'reuse'. */
    revokedWhy: text('revoked_why'),
  },
  (t) => [index('sessions_user_ix').on(t.userId, t.lastSeenAt)],
);
