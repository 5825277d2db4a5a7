/**
 * Telex messages. The primary key is the CLIENT's id, so a resend after a lost ack hits
 * ON CONFLICT DO NOTHING and is stored once; `seq` gives one total order for history
 * paging (client ids come from many clocks). Times are the server's. A call's line is a row
 * too (its id is the call's id), sent by the caller.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * Set on a call's line (issue 30, decision 0076): 'voice' | 'video', how it ended
     * (contract/calls.ts callOutcome) and how long it lasted. `body` holds the line's words,
     * so a reader that knows nothing of calls still shows something true.
     */
    callKind: text('call_kind'),
    callOutcome: text('call_outcome'),
    callSeconds: integer('call_seconds'),
  },
  (t) => [
    // A conversation's pages in both directions: (least, greatest) pair then seq.
    index('chat_messages_pair_ix').on(sql`least(${t.senderId}, ${t.recipientId})`, sql`greatest(${t.senderId}, ${t.recipientId})`, t.seq),
    // Backlog replay and unread counts: what is still undelivered / unread for a member.
    index('chat_messages_recipient_ix').on(t.recipientId, t.seq),
    index('chat_messages_sender_ix').on(t.senderId, t.seq),
    check('chat_messages_self_ck', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);
