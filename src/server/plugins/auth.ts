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

/**
 * Every signed-in request reads its account (gone, or a password changed since the token?):
 * kept until the next write to the embedded database (db/write-clock.ts) — a deleted account
 * or a new password is a write, so it counts at once.
 */
const keptAccount = keptUntilWritten<{ row?: { id: number; userCode: string; roles: string[]; changedAt: Date } }>(5000);

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
 * A token's session, kept like the account: until `sessions` is written anywhere (a sign-in,
 * a renewal, a revocation — PostgreSQL's write notices reach every host well within a second).
 */
const keptSession = keptUntilWritten<{ row?: { userId: number; revokedAt: Date | null; expiresAt: Date } }>(10_000);
const sessionStatement = perDatabase((db) =>
  db
    .select({ userId: sessions.userId, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('sid')))
    .limit(1)
    .prepare('session_by_id'),
);

/** The member a verified token speaks for, or null when the account is gone, the password moved on or the session ended. */
async function memberOfClaims(app: FastifyInstance, claims: VerifiedClaims): Promise<Member | null> {
  const { row } = await keptAccount(app.db, claims.sub, ['users'], async () => ({ row: (await accountStatement(app.db).execute({ code: claims.sub }))[0] }));
  if (!row || claims.iat < Math.floor(row.changedAt.getTime() / 1000)) return null;
  const { sid } = claims;
  if (sid !== undefined) {
    const session = (await keptSession(app.db, sid, ['sessions'], async () => ({ row: (await sessionStatement(app.db).execute({ sid }))[0] }))).row;
    if (!session || session.userId !== row.id || session.revokedAt || session.expiresAt.getTime() <= Date.now()) return null;
  }
  return { id: row.id, userCode: row.userCode, roles: row.roles, sessionId: sid ?? null };
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
