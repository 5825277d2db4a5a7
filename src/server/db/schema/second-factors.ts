/**
 * Second factors (issue 29): a TOTP secret per member, confirmed once the member has typed
 * a code from it; one-time recovery codes, kept only as their SHA-256; and the sign-in
 * challenges between the password and the code — a random token, kept as its SHA-256, that
 * is never a bearer token: it only lets its holder try a few codes within minutes.
 */
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, as authenticator apps take it. */
  secret: text('secret').notNull(),
  /** Null until the member typed a code from it: only then does sign-in ask for one. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The 30-second step of the last code accepted: a code is good once. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_ix').on(t.userId)],
);

export const signInChallenges = pgTable('sign_in_challenges', {
  challengeHash: text('challenge_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  remember: boolean('remember').notNull(),
  /** Wrong codes tried with it; at SECOND_FACTOR_TRIES it is spent. */
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
