/**
 * Bulletins and their delivery (issue 16).
 *
 * `bulletins` is also the outbox: a row is written in the same transaction as the event
 * that caused it, and `dispatched_at` stays null until a dispatcher (any API process,
 * claiming rows with SKIP LOCKED) has queued its pushes and told the member's open sockets.
 * `push_jobs` is the durable push queue: one row per (device, bulletin), deleted once the
 * push service accepted it, retried with backoff otherwise; a job claimed by a process that
 * died is claimable again when its lock lapses. `server_keys` holds the VAPID key pair every
 * process signs with.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const bulletins = pgTable(
  'bulletins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: uuid('code').notNull().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    feature: text('feature').notNull(),
    /** The entry, circle or slate it is about: where it links. */
    subjectCode: text('subject_code'),
    subjectName: text('subject_name'),
    url: text('url').notNull(),
    repeats: integer('repeats').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bulletins_code_ux').on(t.code),
    index('bulletins_user_ix').on(t.userId, t.id),
    index('bulletins_unread_ix').on(t.userId).where(sql`${t.readAt} is null`),
    index('bulletins_undispatched_ix').on(t.id).where(sql`${t.dispatchedAt} is null`),
  ],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed on every app start: a subscription nobody refreshes for months is dropped. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_ux').on(t.endpoint), index('push_subscriptions_user_ix').on(t.userId)],
);

export const pushJobs = pgTable(
  'push_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    bulletinId: bigint('bulletin_id', { mode: 'number' })
      .notNull()
      .references(() => bulletins.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_jobs_pair_ux').on(t.subscriptionId, t.bulletinId), index('push_jobs_due_ix').on(t.dueAt)],
);

export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
