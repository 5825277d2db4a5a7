/**
 * Members and the tokens that create or recover their accounts.
 * Rows never leave the server: routes/<area>/repo.ts maps them to contract shapes.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { plans } from './plans';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Random opaque code: the member's id in every URL and payload (never the serial id). */
    userCode: text('user_code').notNull(),
    /** Stored lower-cased, so uniqueness is case-insensitive. */
    email: text('email'),
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull(),
    displayName: text('display_name').notNull(),
    /**
     * The name folded for search (billionett_fold, migration 0007), kept by PostgreSQL itself:
     * a member search compares stored text instead of folding every candidate's name again
     * (unaccent per row was most of search/users' time at 100,000 members).
     */
    searchName: text('search_name').generatedAlwaysAs(sql`billionett_fold(display_name)`),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    about: text('about').notNull().default(''),
    professionCode: text('profession_code').notNull().default(''),
    locationName: text('location_name').notNull().default(''),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.planCode),
    profileDp: text('profile_dp'),
    /** Privacy of the personal details (feature "personal"); other features live in user_privacy_settings. */
    privacyCode: integer('privacy_code').notNull().default(1),
    roles: text('roles').array().notNull().default(sql`ARRAY['member']::text[]`),
    /** Tokens issued before this instant are refused (a password reset signs out every device). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * 'Delete my account' (issue 29): when the member asked, and when the account is erased
     * unless they sign in before (which clears both). Null: not asked.
     */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deleteAfter: timestamp('delete_after', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_user_code_uq').on(t.userCode),
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_mobile_uq').on(t.mobile),
    check('users_gender_ck', sql`${t.gender} in ('Male', 'Female', 'Other')`),
    check('users_login_ck', sql`${t.email} is not null or ${t.mobile} is not null`),
    // The erasure sweep reads only the few accounts awaiting it.
    index('users_delete_after_ix').on(t.deleteAfter).where(sql`${t.deleteAfter} is not null`),
  ],
);

/** Single-use codes an admin hands out; each is issued for one plan. */
export const activationCodes = pgTable(
  'activation_codes',
  {
    code: text('code').primaryKey(),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.planCode),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activation_codes_unused_ix').on(t.planCode).where(sql`${t.usedAt} is null`)],
);

/** Password reset tokens: only the SHA-256 of the token is kept, so a database leak cannot reset anyone. */
export const resetTokens = pgTable(
  'reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reset_tokens_user_ix').on(t.userId)],
);

/**
 * The keys members' tokens are signed with (HS256), kept in the database so that every API
 * host signs and verifies alike (domain/auth/signing-keys.ts). A token names its key (`kid`).
 * The newest key that `signs` signs; every key not retired verifies, so a rotation logs no one
 * out; retiring a key refuses its tokens at once. `signs` is false for a secret imported from
 * before keys lived here (JWT_SECRET, DATA_DIR/jwt-secret): it verifies its old tokens only.
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  /** 32 random bytes, base64url. */
  secret: text('secret').notNull(),
  signs: boolean('signs').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});
