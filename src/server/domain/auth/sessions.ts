/**
 * Sessions (db/schema/sessions.ts): made at sign-in, renewed by their refresh token, ended
 * by Checkout, by the member from another device, or by a password reset. A refresh token
 * is `<session id>.<secret>` and is good for one renewal: each renewal hands out the next
 * one. The one before stays good for REFRESH_GRACE_MS (two renewals racing, say two tabs);
 * presented later, it can only be a copy, and the session ends (reuse detection).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { loginOf, type LoginAccount } from './repo';
import { signToken } from './tokens';

/** An access token lives this long (ACCESS_TOKEN_SECONDS, at least a minute); the sync worker renews it before it ends. */
export const ACCESS_TOKEN_S = Math.max(60, Math.floor(Number(process.env.ACCESS_TOKEN_SECONDS) || 15 * 60));
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session unused for this long is over: a day, or 30 with 'Remember me'. */
export const sessionIdleMs = (remember: boolean) => (remember ? 30 * DAY_MS : DAY_MS);
export const REFRESH_GRACE_MS = 60_000;

/** An access token of `account` for session `sid` (null: a token from before sessions, which names none). */
export function accessTokenFor(db: Db, account: LoginAccount, sid: string | null): Promise<{ token: string; expiresAt: number }> {
  const claims = { sub: account.userCode, roles: account.roles, username: loginOf(account), ...(sid ? { sid } : {}) };
  return signToken(db, claims, ACCESS_TOKEN_S);
}

export type RevokedWhy = 'checkout' | 'ended' | 'password' | 'reuse' | 'deletion';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const sameHash = (a: string, b: string | null) => b !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function newRefresh(sessionId: string): { token: string; hash: string } {
  const token = `${sessionId}.${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashOf(token) };
}

const sessionIdOf = (refreshToken: string) => {
  const cut = refreshToken.indexOf('.');
  return cut > 0 ? refreshToken.slice(0, cut) : '';
};

export type NewSession = { sessionId: string; refreshToken: string };

export async function createSession(db: Db, input: { userId: number; device: string; remember: boolean }): Promise<NewSession> {
  const sessionId = randomBytes(16).toString('base64url');
  const refresh = newRefresh(sessionId);
  await db.insert(sessions).values({
    id: sessionId,
    userId: input.userId,
    device: input.device,
    remember: input.remember,
    expiresAt: new Date(Date.now() + sessionIdleMs(input.remember)),
    refreshHash: refresh.hash,
  });
  return { sessionId, refreshToken: refresh.token };
}

export type Renewal = { kind: 'renewed'; sessionId: string; userId: number; refreshToken: string } | { kind: 'refused' } | { kind: 'reuse'; userId: number };

/** The next refresh token for `refreshToken`'s session, or why not. */
export async function renewSession(db: Db, refreshToken: string): Promise<Renewal> {
  const sessionId = sessionIdOf(refreshToken);
  if (!sessionId) return { kind: 'refused' };
  const hash = hashOf(refreshToken);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update').limit(1);
    const now = new Date();
    if (!row || row.revokedAt || row.expiresAt <= now) return { kind: 'refused' } as const;
    const current = sameHash(hash, row.refreshHash);
    const racing = !current && sameHash(hash, row.previousRefreshHash) && now.getTime() - row.refreshedAt.getTime() < REFRESH_GRACE_MS;
    if (!current && !racing) {
      // An older token than the last one handed out: a copy is in use somewhere. End it.
      if (sameHash(hash, row.previousRefreshHash)) {
        await tx.update(sessions).set({ revokedAt: now, revokedWhy: 'reuse' }).where(eq(sessions.id, sessionId));
        return { kind: 'reuse', userId: row.userId } as const;
      }
      return { kind: 'refused' } as const;
    }
    const next = newRefresh(sessionId);
    await tx
      .update(sessions)
      .set({
        refreshHash: next.hash,
        // Racing, the one replaced is what the other renewal just got: it keeps its grace.
        previousRefreshHash: row.refreshHash,
        refreshedAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + sessionIdleMs(row.remember)),
      })
      .where(eq(sessions.id, sessionId));
    return { kind: 'renewed', sessionId, userId: row.userId, refreshToken: next.token } as const;
  });
}

/** Ends the session `refreshToken` belongs to (Checkout): holding it is the right to end it. Answers its id, or null. */
export async function revokeByRefresh(db: Db, refreshToken: string): Promise<string | null> {
  const sessionId = sessionIdOf(refreshToken);
  if (!sessionId) return null;
  const hash = hashOf(refreshToken);
  const [row] = await db.select({ refreshHash: sessions.refreshHash, previous: sessions.previousRefreshHash }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  if (!row || !(sameHash(hash, row.refreshHash) || sameHash(hash, row.previous))) return null;
  await db.update(sessions).set({ revokedAt: new Date(), revokedWhy: 'checkout' }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  return sessionId;
}

/** Ends one of `userId`'s sessions; false when it is not theirs or already over. */
export async function revokeSession(db: Db, userId: number, sessionId: string, why: RevokedWhy): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedWhy: why })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of `userId` but `keep` (none kept when null); answers the ids ended. */
export async function revokeOthers(db: Db, userId: number, keep: string | null, why: RevokedWhy): Promise<string[]> {
  const others = keep === null ? undefined : ne(sessions.id, keep);
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedWhy: why })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others))
    .returning({ id: sessions.id });
  return ended.map((r) => r.id);
}

export type SessionRow = { sessionId: string; device: string; createdAt: Date; lastSeenAt: Date };

/** `userId`'s sessions in force, the most recently used first. */
export async function listSessions(db: Db, userId: number): Promise<SessionRow[]> {
  return db
    .select({ sessionId: sessions.id, device: sessions.device, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
}

/**
 * Is a sign-in from `device` news to the member? 'first': they have never signed in
 * (nothing to warn about); 'known': a session from a device like it in the last 180 days;
 * 'new': otherwise — a bulletin and a mail tell them (routes/auth/index.ts).
 */
export async function deviceNews(db: Db, userId: number, device: string): Promise<'first' | 'known' | 'new'> {
  const rows = await db
    .select({ device: sessions.device })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.createdAt, sql`now() - interval '180 days'`)))
    .orderBy(desc(sessions.createdAt))
    .limit(200);
  if (rows.length === 0) return 'first';
  return rows.some((r) => r.device === device) ? 'known' : 'new';
}
