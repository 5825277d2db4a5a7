/**
 * Bearer JWT sessions. Every /api route needs a valid token unless its route config says
 * `access: 'anyone'` (policy/rules.ts); the member is loaded on each request so a deleted account or a reset
 * password (which moves password_changed_at) ends old sessions at once.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fastifyJwt from '@fastify/jwt';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { API_BASE } from '../../contract/codes';
import { perDatabase } from '../db/client';
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

type VerifiedClaims = TokenClaims & { iat: number; exp: number };

/**
 * Bearer tokens this app has verified, with their claims. Checking a signature cost ~0.4 ms
 * of every request (fast-jwt through @fastify/jwt); a token that verified once stays valid
 * until it expires (the secret does not change while the process runs), and what can end it
 * sooner — the account gone, a new password — is checked on every request all the same
 * (memberOfClaims). One memo an app: another app (a test's) has another secret.
 */
const verifiedTokens = new WeakMap<FastifyInstance, LRUCache<string, VerifiedClaims>>();

export async function setupAuth(app: FastifyInstance, secret: string): Promise<void> {
  await app.register(fastifyJwt, { secret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });
  app.decorateRequest('member', null);
  verifiedTokens.set(app, new LRUCache({ max: 10_000 }));

  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.access === 'anyone' || !request.url.startsWith(`${API_BASE}/`)) return;
    request.member = await authenticate(app, request);
  });
}

/** The claims of the request's bearer token, verified now or before (verifiedTokens). */
async function verifiedClaims(app: FastifyInstance, request: FastifyRequest): Promise<VerifiedClaims> {
  const header = request.headers.authorization;
  const token = header && /^Bearer [^\s]+$/i.test(header) ? header.slice(7) : undefined;
  const memo = verifiedTokens.get(app);
  const known = token ? memo?.get(token) : undefined;
  if (known && known.exp * 1000 > Date.now()) return known;
  const claims = await request.jwtVerify<VerifiedClaims>();
  if (token) memo?.set(token, claims);
  return claims;
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<Member> {
  let claims: TokenClaims & { iat: number };
  try {
    claims = await verifiedClaims(app, request);
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

/** The account read, built once a database (building it cost ~0.5 ms a read; PostgreSQL also plans it once a connection). */
const accountStatement = perDatabase((db) =>
  db
    .select({ id: users.id, userCode: users.userCode, roles: users.roles, changedAt: users.passwordChangedAt })
    .from(users)
    .where(eq(users.userCode, sql.placeholder('code')))
    .limit(1)
    .prepare('account_by_code'),
);

/** The member a verified token speaks for, or null when the account is gone or the password moved on. */
async function memberOfClaims(app: FastifyInstance, claims: TokenClaims & { iat: number }): Promise<Member | null> {
  const { row } = await keptAccount(app.db, claims.sub, ['users'], async () => ({ row: (await accountStatement(app.db).execute({ code: claims.sub }))[0] }));
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
