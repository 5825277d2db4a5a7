/**
 * Members' bearer tokens: HS256 JWTs (fast-jwt) signed with the database's newest key and
 * naming it in the header's `kid`, so any host verifies them (signing-keys.ts).
 */
import { randomBytes } from 'node:crypto';
import { createDecoder, createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { currentKeys, type KeySet } from './signing-keys';

/**
 * `sid`: the session the token belongs to (sessions.ts): revoking it refuses the token.
 * Tokens signed before sessions were kept on the server have none (they keep working until
 * they expire, at most 30 days: docs/decisions/0070-sessions.md).
 */
export type TokenClaims = { sub: string; roles: string[]; username: string; sid?: string };
export type VerifiedClaims = TokenClaims & { iat: number; exp: number };

type Signer = (payload: object) => string;
type Verifier = (token: string) => VerifiedClaims;

// A key's secret never changes under its kid, so its signer and verifier are built once.
const signers = new Map<string, Signer>();
const verifiers = new Map<string, Verifier>();
const decodeHeader = createDecoder({ complete: true });

function signerOf(kid: string, secret: string): Signer {
  let signer = signers.get(kid);
  if (!signer) signers.set(kid, (signer = createSigner({ key: secret, algorithm: 'HS256', kid }) as Signer));
  return signer;
}

function verifierOf(kid: string, secret: string): Verifier {
  let verifier = verifiers.get(kid);
  if (!verifier) verifiers.set(kid, (verifier = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['sub', 'iat', 'exp'] }) as Verifier));
  return verifier;
}

/** Exactly these claims (iat and exp included) signed with the current key: tests make expired tokens with it. */
export async function signClaims(db: Db, claims: TokenClaims & { iat: number; exp: number; jti?: string }): Promise<string> {
  const { signer } = await currentKeys(db);
  if (!signer) throw new Error('No signing key: ensureSigningKey runs at start.');
  return signerOf(signer.kid, signer.secret)(claims);
}

/** A token for `claims` that expires `lifetimeS` from now. */
export async function signToken(db: Db, claims: TokenClaims, lifetimeS: number): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + lifetimeS;
  // jti: two tokens of one session signed in the same second still differ (a renewal must).
  return { token: await signClaims(db, { ...claims, iat, exp, jti: randomBytes(9).toString('base64url') }), expiresAt: exp };
}

/** The kid a token was verified with ('' for an imported secret's tokens, which name none). */
type Verified = { claims: VerifiedClaims; kid: string };

function verifyWith(keys: KeySet, token: string): Verified | null {
  let kid: unknown;
  try {
    kid = (decodeHeader(token) as { header: { kid?: unknown } }).header.kid;
  } catch {
    return null;
  }
  const candidates = typeof kid === 'string' ? [{ kid, secret: keys.verifiers.get(kid) }] : kid === undefined ? keys.legacy : [];
  for (const { kid: name, secret } of candidates) {
    if (!secret) continue;
    try {
      return { claims: verifierOf(name, secret)(token), kid: name };
    } catch {
      // Not this key's, expired or malformed: the next imported secret, or refused.
    }
  }
  return null;
}

/**
 * Tokens verified before, with their claims: checking a signature cost ~0.4 ms of every
 * request. A kept answer still needs its key in force (a retired key's tokens are refused at
 * once) and its expiry ahead. One memo a database: a test's other app has other keys.
 */
const memos = new WeakMap<Db, LRUCache<string, Verified>>();

/** The claims of a token a key in force signed and that has not expired; null otherwise. */
export async function verifyToken(db: Db, token: string): Promise<VerifiedClaims | null> {
  const keys = await currentKeys(db);
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new LRUCache({ max: 10_000 })));
  const known = memo.get(token);
  if (known && known.claims.exp * 1000 > Date.now() && keys.verifiers.has(known.kid)) return known.claims;
  const verified = verifyWith(keys, token);
  if (!verified) return null;
  memo.set(token, verified);
  return verified.claims;
}
