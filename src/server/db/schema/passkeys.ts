/**
 * Passkeys (WebAuthn, issue 29): a member's credentials, each a public key the browser's
 * authenticator holds the private half of. Sign-in with one needs no password; after a
 * password, one answers the second step. The challenges of the ceremonies not tied to a
 * password sign-in (adding a passkey, signing in with one alone) are kept as their SHA-256
 * for minutes: each is good once.
 */
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential's ID as the authenticator made it (base64url). */
    credentialId: text('credential_id').primaryKey(),
    /** Random, short: the passkey's code in the API (credential IDs run to hundreds of bytes). */
    code: text('code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for most passkeys: synced ones do not count). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser reaches it ('internal', 'hybrid', 'usb', …), as it said at registration. */
    transports: text('transports').array().notNull().default([]),
    /** Synced between the member's devices (a password manager's) rather than bound to one. */
    backedUp: boolean('backed_up').notNull().default(false),
    /** The member's name for it ("Chrome on Android" until they rename it). */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_ix').on(t.userId)],
);

export const webauthnChallenges = pgTable('webauthn_challenges', {
  challengeHash: text('challenge_hash').primaryKey(),
  /**
   * 'register' (the member adding a passkey), 'signIn' (anyone at checkin) or 'confirm' (the
   * member proving it is them again, e.g. to delete their account).
   */
  purpose: text('purpose', { enum: ['register', 'signIn', 'confirm'] }).notNull(),
  /** The member adding a passkey or confirming; null for a sign-in (the passkey says whose it is). */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
