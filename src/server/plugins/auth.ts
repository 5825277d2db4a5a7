/**
 * Bearer JWT sessions. Every /api route needs a valid token unless its route config says
 * `access: 'anyone'` (policy/rules.ts); the member is loaded on each request so a deleted account or a reset
 * password (which moves password_changed_at) ends old sessions at once. Tokens are signed
 * and verified with the database's keys (domain/auth/tokens.ts), the same on every host.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE } from '../../contract/codes';
import { perDatabase } from '../db/client';
import { users } from '../db/schema/accounts';
import { sessions } from '../db/schema/sessions';
import { keptUntilWritten } from '../db/write-clock';
import { ensureSigningKey } from '../domain/auth/signing-keys';
import { verifyToken, type VerifiedClaims } from '../domain/auth/tokens';
import { HttpError } from '../http-error';

/** `sessionId`: the session the token belongs to (null for a token from before sessions). */
export type Member = { id: number; userCode: string; roles: string[]; sessionId: string | null };

declare module 'fastify' {
  interface FastifyRequest {
    member: Member | null;
  }
}

/**
 * Secrets tokens were signed with before keys lived in the database: JWT_SECRET, and the file
 * each host once generated into its DATA_DIR. Their tokens keep verifying until they expire.
 */
export function legacyJwtSecrets(jwtSecret: string | undefined, dataDir: string | undefined): string[] {
  const file = dataDir ? path.join(dataDir, 'jwt-secret') : undefined;
  const kept = file && existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  return [jwtSecret ?? '', kept].filter(Boolean);
}

export async function setupAuth(app: FastifyInstance, legacySecrets: readonly string[]): Promise<void> {
  await ensureSigningKey(app.db, legacySecrets);
  app.decorateRequest('member', null);

  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.access === 'anyone' || !request.url.startsWith(`${API_BASE}/`)) return;
    request.member = await authenticate(app, request);
  });
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<Member> {
  const header = request.headers.authorization;
  const token = header && /^Bearer [^\s]+$/i.test(header) ? header.slice(7) : undefined;
  const claims = token ? await verifyToken(app.db, token) : null;
  const member = claims ? await memberOfClaims(app, claims) : null;
  if (!member) throw new HttpError(401, 'Please sign in again.');
  return member;
}

type Account = { id: number; userCode: string; roles: string[]; changedAt: Date };
type Session = { userId: number | null; revokedAt: Date | null; expiresAt: Date | null };

/**
 * Every signed-in request reads its account (gone, or a password changed since the token?),
 * kept until `users` is written (db/write-clock.ts) — a deleted account or a new password is a
 * write, so it counts at once. A token with a session reads both at once (below); one without
 * (signed before sessions were recorded) reads its account alone, here.
 */
const keptAccount = keptUntilWritten<{ row?: Account }>(5000);

/** The account read, built once a database (building it cost ~0.5 ms a read; PostgreSQL also plans it once a connection). */
const accountStatement = perDatabase((db) =>
  db
    .select({ id: users.id, userCode: users.userCode, roles: users.roles, changedAt: users.passwordChangedAt })
    .from(users)
    .where(eq(users.userCode, sql.placeholder('code')))
    .limit(1)
    .prepare('account_by_code'),
);

/**
 * A token's account and session in one statement (two round trips were most of a member's
 * first request beyond its page), kept until `users` or `sessions` is written anywhere (a
 * sign-in, a renewal, a revocation, a new password — PostgreSQL's write notices reach every
 * host well within a second). Either written costs one statement again, as it did when each
 * was kept alone.
 */
const keptAccountSession = keptUntilWritten<{ row?: Account & Session }>(10_000);
const accountSessionStatement = perDatabase((db) =>
  db
    .select({
      id: users.id,
      userCode: users.userCode,
      roles: users.roles,
      changedAt: users.passwordChangedAt,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(users)
    .leftJoin(sessions, eq(sessions.id, sql.placeholder('sid')))
    .where(eq(users.userCode, sql.placeholder('code')))
    .limit(1)
    .prepare('account_session'),
);

/** The member a verified token speaks for, or null when the account is gone, the password moved on or the session ended. */
async function memberOfClaims(app: FastifyInstance, claims: VerifiedClaims): Promise<Member | null> {
  const { sid } = claims;
  // A token signed before the password last changed speaks for no one.
  const current = (row: Account | undefined): row is Account => row !== undefined && claims.iat >= Math.floor(row.changedAt.getTime() / 1000);
  if (sid === undefined) {
    const { row } = await keptAccount(app.db, claims.sub, ['users'], async () => ({ row: (await accountStatement(app.db).execute({ code: claims.sub }))[0] }));
    return current(row) ? { id: row.id, userCode: row.userCode, roles: row.roles, sessionId: null } : null;
  }
  const { row } = await keptAccountSession(app.db, `${claims.sub} ${sid}`, ['users', 'sessions'], async () => ({ row: (await accountSessionStatement(app.db).execute({ code: claims.sub, sid }))[0] }));
  if (!current(row) || row.userId !== row.id || row.revokedAt || !row.expiresAt || row.expiresAt.getTime() <= Date.now()) return null;
  return { id: row.id, userCode: row.userCode, roles: row.roles, sessionId: sid };
}

/** A bearer token sent outside the Authorization header (the telex socket's login frame). */
export async function memberFromToken(app: FastifyInstance, token: string): Promise<Member | null> {
  const claims = await verifyToken(app.db, token);
  return claims ? memberOfClaims(app, claims) : null;
}

/** The signed-in member of a non-public route (the hook guarantees one). */
export function memberOf(request: FastifyRequest): Member {
  if (!request.member) throw new HttpError(401, 'Please sign in again.');
  return request.member;
}
