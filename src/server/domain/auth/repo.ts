/** Account queries of the auth calls. Returns plain values, never rows, to the routes. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionData } from '../../../contract/auth';
import { DEFAULT_TOKEN_TYPE } from '../../../contract/codes';
import { isEmail } from '../../../contract/rules';
import type { Db } from '../../db/client';
import { activationCodes, resetTokens, users } from '../../db/schema/accounts';

export type LoginAccount = {
  id: number;
  userCode: string;
  email: string | null;
  mobile: string | null;
  displayName: string;
  passwordHash: string;
  roles: string[];
};

const loginColumns = {
  id: users.id,
  userCode: users.userCode,
  email: users.email,
  mobile: users.mobile,
  displayName: users.displayName,
  passwordHash: users.passwordHash,
  roles: users.roles,
};

/** A login name is an e-mail (matched case-insensitively) or a mobile number. */
export async function findByLogin(db: Db, login: string): Promise<LoginAccount | null> {
  const value = login.trim();
  const where = isEmail(value) ? eq(users.email, value.toLowerCase()) : eq(users.mobile, value);
  const [row] = await db
    .select(loginColumns)
    .from(users)
    .where(where)
    .limit(1);
  return row ?? null;
}

export async function accountById(db: Db, id: number): Promise<LoginAccount | null> {
  const [row] = await db
    .select(loginColumns)
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export async function loginTaken(db: Db, email: string, mobile: string): Promise<boolean> {
  const checks = [];
  if (email) checks.push(eq(users.email, email.toLowerCase()));
  if (mobile) checks.push(eq(users.mobile, mobile));
  if (checks.length === 0) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(checks.length === 1 ? checks[0] : sql`${checks[0]} or ${checks[1]}`)
    .limit(1);
  return Boolean(row);
}

/** The name a member signs in with: their e-mail, else their mobile number. */
export const loginOf = (account: { email: string | null; mobile: string | null }) => account.email ?? account.mobile ?? '';

export function sessionOf(account: LoginAccount, accessToken: string, expiresAt: number, session?: { refreshToken: string; sessionId: string }): SessionData {
  return {
    accessToken,
    tokenType: DEFAULT_TOKEN_TYPE,
    expiresAt,
    email: account.email ?? '',
    id: account.userCode,
    roles: account.roles,
    username: loginOf(account),
    ...(session ? { refreshToken: session.refreshToken, sessionCode: session.sessionId } : {}),
  };
}

/** 14 characters of [a-z0-9] (≈ 72 bits): opaque, URL-safe, not guessable, not a counter. */
export function newUserCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(14);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export type ActivationState = 'ok' | 'unknown' | 'used' | 'other-plan';

export async function activationState(db: Db, code: string, planCode: string): Promise<ActivationState> {
  const [row] = await db.select().from(activationCodes).where(eq(activationCodes.code, code)).limit(1);
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  return row.planCode === planCode ? 'ok' : 'other-plan';
}

/** Consumes the code only if still unused; false when a concurrent sign-up took it first. */
export async function consumeActivationCode(db: Db, code: string, planCode: string, userId: number): Promise<boolean> {
  const rows = await db
    .update(activationCodes)
    .set({ usedBy: userId, usedAt: new Date() })
    .where(and(eq(activationCodes.code, code), eq(activationCodes.planCode, planCode), isNull(activationCodes.usedAt)))
    .returning({ code: activationCodes.code });
  return rows.length === 1;
}

export const RESET_TTL_MS = 60 * 60 * 1000;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createResetToken(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(resetTokens).values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + RESET_TTL_MS) });
  return token;
}

export async function resetTokenValid(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: resetTokens.userId })
    .from(resetTokens)
    .where(and(eq(resetTokens.tokenHash, sha256(token)), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}

/**
 * Marks the token used (only if still valid) and sets the new hash. Every other open token
 * of the member dies too, and password_changed_at ends the sessions of every device.
 */
/** Sets the new password with a good reset token; answers whose, or null. */
export async function useResetToken(db: Db, token: string, passwordHash: string): Promise<number | null> {
  const [used] = await db
    .update(resetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(resetTokens.tokenHash, sha256(token)), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, new Date())))
    .returning({ userId: resetTokens.userId });
  if (!used) return null;
  await db.update(resetTokens).set({ usedAt: new Date() }).where(and(eq(resetTokens.userId, used.userId), isNull(resetTokens.usedAt)));
  await db.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, used.userId));
  return used.userId;
}

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L, U). */
const ACTIVATION_CHARS = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A fresh single-use activation code for `planCode`, e.g. 'BNT-RUBY-7KQ2M9XH4A': ten random
 * characters (30^10 ≈ 6·10^14), from the OS's generator, so no two installs share one.
 */
export function newActivationCode(planCode: string): string {
  const random = Array.from(randomBytes(10), (b) => ACTIVATION_CHARS[b % ACTIVATION_CHARS.length]).join('');
  return `BNT-${planCode.toUpperCase()}-${random}`;
}
