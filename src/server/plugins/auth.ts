/**
 * Bearer JWT sessions. Every /api route needs a valid token unless its route config says
 * `access: 'anyone'` (policy/rules.ts); the member is loaded on each request so a deleted account or a reset
 * password (which moves password_changed_at) ends old sessions at once.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fastifyJwt from '@fastify/jwt';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE } from '../../contract/codes';
import { users } from '../db/schema/accounts';
import { keptUntilWritten } from '../db/write-clock';
import { HttpError } from '../http-error';

export type Member = { id: number; userCode: string; roles: string[] };
export type TokenClaims = { sub: string; roles: string[]; username: string };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims & { iat: number; exp: number };
  }
}
declare module 'fastify' {
  interface FastifyRequest {
    member: Member | null;
  }
}

/** Option, then env, then a secret generated once and kept next to the data (random per in-memory app). */
export function resolveJwtSecret(jwtSecret: string | undefined, dataDir: string | undefined): string {
  if (jwtSecret) return jwtSecret;
  if (!dataDir) return randomBytes(32).toString('base64url');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function setupAuth(app: FastifyInstance, secret: string): Promise<void> {
  await app.register(fastifyJwt, { secret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });
  app.decorateRequest('member', null);

  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.access === 'anyone' || !request.url.startsWith(`${API_BASE}/`)) return;
    request.member = await authenticate(app, request);
  });
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<Member> {
  let claims: TokenClaims & { iat: number };
  try {
    claims = await request.jwtVerify();
  } catch {
    throw new HttpError(401, 'Please sign in again.');
  }
  const member = await memberOfClaims(app, claims);
  if (!member) throw new HttpError(401, 'Please sign in again.');
  return member;
}

/**
 * Every signed-in request reads its account (gone, or a password changed since the token?):
 * kept until the next write to the embedded database (db/write-clock.ts) — a deleted account
 * or a new password is a write, so it counts at once.
 */
const keptAccount = keptUntilWritten<{ row?: { id: number; userCode: string; roles: string[]; changedAt: Date } }>(5000);

/** The member a verified token speaks for, or null when the account is gone or the password moved on. */
async function memberOfClaims(app: FastifyInstance, claims: TokenClaims & { iat: number }): Promise<Member | null> {
  const { row } = await keptAccount(app.db, claims.sub, ['users'], async () => ({
    row: (
      await app.db
        .select({ id: users.id, userCode: users.userCode, roles: users.roles, changedAt: users.passwordChangedAt })
        .from(users)
        .where(eq(users.userCode, claims.sub))
        .limit(1)
    )[0],
  }));
  if (!row || claims.iat < Math.floor(row.changedAt.getTime() / 1000)) return null;
  return { id: row.id, userCode: row.userCode, roles: row.roles };
}

/** A bearer token sent outside the Authorization header (the telex socket's login frame). */
export async function memberFromToken(app: FastifyInstance, token: string): Promise<Member | null> {
  let claims: TokenClaims & { iat: number };
  try {
    claims = app.jwt.verify<TokenClaims & { iat: number }>(token);
  } catch {
    return null;
  }
  return memberOfClaims(app, claims);
}

/** The signed-in member of a non-public route (the hook guarantees one). */
export function memberOf(request: FastifyRequest): Member {
  if (!request.member) throw new HttpError(401, 'Please sign in again.');
  return request.member;
}
