/**
 * Passkeys (WebAuthn through @simplewebauthn/server, MIT): adding one to the account,
 * signing in with one alone, and one answering the second step after a password. The
 * library checks the ceremony (challenge, origin, relying party, signature, counter); this
 * file keeps the challenges (each good once, for minutes) and the credentials.
 *
 * Which site a passkey belongs to (the relying party) is the host the member's app came
 * through, when the deployment trusts it (mail/link-origin.ts: PUBLIC_URL's origin, its
 * loopback aliases, ALLOWED_ORIGINS); the browser itself refuses a passkey to any other site.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyItem } from '../../../contract/passkeys';
import type { Db } from '../../db/client';
import { passkeys, webauthnChallenges } from '../../db/schema/passkeys';
import { lazily } from '../../lazily';
import { dropRecoveryCodesIfNoFactor, issueRecoveryCodes, secondFactorsOf, sha256 } from './recovery-codes';

/** The library loads at the first ceremony, not at start: ~12 MB of idle RSS (BUDGETS: ≤ 300 MB). */
const webauthn = lazily(() => import('@simplewebauthn/server'));

export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60_000;
const TIMEOUT_MS = 2 * 60_000;

/** The relying party of one request: its ID (a host name) and every origin and ID accepted. */
export type RelyingParty = { id: string; origins: string[]; ids: string[] };

/** `origin`: the request's Origin when trusted; else PUBLIC_URL's (trusted[0]). */
export function relyingParty(trusted: readonly string[], origin: string | undefined): RelyingParty {
  const own = origin && trusted.includes(origin) ? origin : trusted[0]!;
  return { id: new URL(own).hostname, origins: [...trusted], ids: [...new Set(trusted.map((o) => new URL(o).hostname))] };
}

const newChallenge = () => randomBytes(32);
/** WebAuthn's options are plain JSON: open objects, as the API's schemas take them. */
const asJson = <T extends object>(options: T) => options as T & Record<string, unknown>;

/** The challenge a ceremony's answer carries (its clientDataJSON), or null if unreadable. */
export function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

type Purpose = 'register' | 'signIn' | 'confirm';

async function keepChallenge(db: Db, challenge: string, purpose: Purpose, userId: number | null): Promise<void> {
  // Expired ones of anyone go with each new one: the table stays small.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values({ challengeHash: sha256(challenge), purpose, userId, expiresAt: new Date(Date.now() + WEBAUTHN_CHALLENGE_TTL_MS) });
}

/** Spends a kept challenge: true once, while it is good, for its purpose (and member). */
async function spendChallenge(db: Db, challenge: string, purpose: Purpose, userId: number | null): Promise<boolean> {
  const spent = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challengeHash, sha256(challenge)), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, new Date())))
    .returning({ userId: webauthnChallenges.userId });
  return spent.length === 1 && spent[0]!.userId === userId;
}

type Member = { id: number; userCode: string; login: string; displayName: string };

/** Options for adding a passkey; the member's own are excluded (an authenticator holds one per account). */
export async function registrationOptions(db: Db, rp: RelyingParty, member: Member): Promise<PublicKeyCredentialCreationOptionsJSON & Record<string, unknown>> {
  const own = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, member.id));
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: 'Billionett',
    rpID: rp.id,
    userName: member.login || member.userCode,
    userDisplayName: member.displayName,
    // The user handle is the member's code: the passkey says whose it is at a sign-in without a name.
    userID: new TextEncoder().encode(member.userCode),
    challenge: newChallenge(),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: own.map((k) => ({ id: k.id, transports: k.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(db, options.challenge, 'register', member.id);
  return asJson(options);
}

export type Registered = { kind: 'added'; passkeyCode: string; name: string; recoveryCodes: string[] } | { kind: 'refused' } | { kind: 'already' };

/** Checks the authenticator's answer and keeps the passkey, named `name`. */
export async function registerPasskey(db: Db, rp: RelyingParty, userId: number, response: RegistrationResponseJSON, name: string): Promise<Registered> {
  const challenge = challengeOf(response);
  if (!challenge || !(await spendChallenge(db, challenge, 'register', userId))) return { kind: 'refused' };
  const verified = await (await webauthn()).verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.ids,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return { kind: 'refused' };
  const { credential, credentialBackedUp } = verified.registrationInfo;
  return db.transaction(async (tx) => {
    const first = await secondFactorsOf(tx, userId);
    const passkeyCode = randomBytes(9).toString('base64url');
    const added = await tx
      .insert(passkeys)
      .values({
        credentialId: credential.id,
        code: passkeyCode,
        userId,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).slice(0, 10),
        backedUp: credentialBackedUp,
        name,
      })
      .onConflictDoNothing()
      .returning({ code: passkeys.code });
    if (added.length === 0) return { kind: 'already' } as const;
    // The member's first second factor: recovery codes, so a lost key does not lock them out.
    const recoveryCodes = !first.totp && first.passkeys === 0 ? await issueRecoveryCodes(tx, userId) : [];
    return { kind: 'added', passkeyCode, name, recoveryCodes } as const;
  });
}

/** Options for a sign-in with a passkey alone: any of the browser's for this site. */
export async function signInOptions(db: Db, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON & Record<string, unknown>> {
  // Alone, a passkey stands for the password and the second step: the browser must verify the member.
  const options = await (await webauthn()).generateAuthenticationOptions({ rpID: rp.id, challenge: newChallenge(), timeout: TIMEOUT_MS, userVerification: 'required' });
  await keepChallenge(db, options.challenge, 'signIn', null);
  return asJson(options);
}

/**
 * Options for the second step of a password sign-in: the member's own passkeys, with the
 * sign-in's challenge as WebAuthn's (it is random, and spent with the sign-in).
 */
export async function secondStepOptions(db: Db, rp: RelyingParty, userId: number, challenge: string): Promise<PublicKeyCredentialRequestOptionsJSON & Record<string, unknown>> {
  const own = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: own.map((k) => ({ id: k.id, transports: k.transports })),
  });
  return asJson(options);
}

/**
 * Checks an assertion against the passkey it names (of `userId`, when given) and
 * `expectedChallenge`; keeps its counter and last use. The member's id, or null.
 */
export async function verifyAssertion(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  expected: { challenge: string; userId?: number; userVerification: boolean },
): Promise<number | null> {
  const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!key || (expected.userId !== undefined && key.userId !== expected.userId)) return null;
  const verified = await (await webauthn()).verifyAuthenticationResponse({
    response,
    expectedChallenge: expected.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.ids,
    requireUserVerification: expected.userVerification,
    credential: { id: key.credentialId, publicKey: Buffer.from(key.publicKey, 'base64url'), counter: key.counter, transports: key.transports as never },
  }).catch(() => null);
  if (!verified?.verified) return null;
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, backedUp: verified.authenticationInfo.credentialBackedUp, lastUsedAt: new Date() })
    .where(eq(passkeys.credentialId, key.credentialId));
  return key.userId;
}

/** A sign-in with a passkey alone: its challenge spent, the member's id or null. */
export async function passkeySignIn(db: Db, rp: RelyingParty, response: AuthenticationResponseJSON): Promise<number | null> {
  const challenge = challengeOf(response);
  if (!challenge || !(await spendChallenge(db, challenge, 'signIn', null))) return null;
  return verifyAssertion(db, rp, response, { challenge, userVerification: true });
}

/** Options for the member to confirm it is them with one of their passkeys (a step that needs it, like deleting the account). */
export async function confirmOptions(db: Db, rp: RelyingParty, userId: number): Promise<PublicKeyCredentialRequestOptionsJSON & Record<string, unknown>> {
  const own = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    challenge: newChallenge(),
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: own.map((k) => ({ id: k.id, transports: k.transports })),
  });
  await keepChallenge(db, options.challenge, 'confirm', userId);
  return asJson(options);
}

/** The member confirmed with one of their own passkeys, its challenge spent. */
export async function passkeyConfirms(db: Db, rp: RelyingParty, userId: number, response: AuthenticationResponseJSON): Promise<boolean> {
  const challenge = challengeOf(response);
  if (!challenge || !(await spendChallenge(db, challenge, 'confirm', userId))) return false;
  return (await verifyAssertion(db, rp, response, { challenge, userId, userVerification: true })) !== null;
}

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyItem[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
  return rows.map((k) => ({
    passkeyCode: k.code,
    name: k.name,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    backedUp: k.backedUp,
  }));
}

export async function renamePasskey(db: Db, userId: number, passkeyCode: string, name: string): Promise<boolean> {
  const renamed = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.code, passkeyCode), eq(passkeys.userId, userId)))
    .returning({ code: passkeys.code });
  return renamed.length === 1;
}

export async function removePasskey(db: Db, userId: number, passkeyCode: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.code, passkeyCode), eq(passkeys.userId, userId)))
      .returning({ code: passkeys.code });
    if (removed.length === 0) return false;
    await dropRecoveryCodesIfNoFactor(tx, userId);
    return true;
  });
}
