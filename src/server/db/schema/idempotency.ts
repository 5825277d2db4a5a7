/**
 * Idempotency keys of writes (DESIGN.md "Writes and the outbox"). The row is inserted in
 * the same transaction as the write, so a repeat either waits for the first or sees its answer.
 */
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The member's userCode, or a scope such as "signup:<email>" for public writes. */
    memberId: text('member_id').notNull(),
    key: text('key').notNull(),
    /** "METHOD path" of the first request: the same key on another call is refused. */
    request: text('request').notNull(),
    status: integer('status').notNull().default(0),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);
