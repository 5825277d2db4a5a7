/**
 * TOTP as a second factor (RFC 6238 through otpauth, MIT): a secret made for the member,
 * confirmed by a first code; one-time recovery codes; and the challenge a password sign-in
 * gets instead of a session while a code is owed. Codes are good once (the step of the last
 * one accepted is kept) and within one step either side of now (clocks drift).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { toString as qrSvg } from 'qrcode';
import type { Db } from '../../db/client';
import { signInChallenges, totpFactors } from '../../db/schema/second-factors';
import { dropRecoveryCodesIfNoFactor, issueRecoveryCodes, recoveryCodesLeft, secondFactorsOf, sha256, spendRecoveryCode } from './recovery-codes';

export { RECOVERY_CODE_COUNT } from './recovery-codes';

const PERIOD_S = 30;
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const SECOND_FACTOR_TRIES = 5;

const totpOf = (secret: string, label: string) => new TOTP({ issuer: 'Billionett', label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });

export type SecondFactorState = { totp: boolean; passkeys: number; recoveryCodesLeft: number };

export async function secondFactorState(db: Db, userId: number): Promise<SecondFactorState> {
  const factors = await secondFactorsOf(db, userId);
  const any = factors.totp || factors.passkeys > 0;
  return { ...factors, recoveryCodesLeft: any ? await recoveryCodesLeft(db, userId) : 0 };
}

/** A new secret (replacing one never confirmed); null when a confirmed one is on. */
export async function beginTotp(db: Db, userId: number, label: string): Promise<{ secret: string; uri: string; qrSvg: string } | null> {
  const [existing] = await db.select({ confirmedAt: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, userId));
  if (existing?.confirmedAt) return null;
  const secret = new Secret({ size: 20 }).base32;
  await db
    .insert(totpFactors)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret, lastStep: null, createdAt: new Date() } });
  const uri = totpOf(secret, label).toString();
  return { secret, uri, qrSvg: await qrSvg(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
}

/**
 * Checks `code` against the member's secret (confirmed or, with `pending`, not yet) and
 * spends its step. Inside the caller's transaction: the row is locked, so a code races once.
 */
async function spendTotp(tx: Db, userId: number, code: string, pending: boolean): Promise<boolean> {
  const [factor] = await tx.select().from(totpFactors).where(eq(totpFactors.userId, userId)).for('update');
  if (!factor || Boolean(factor.confirmedAt) === pending || !/^\d{6}$/.test(code)) return false;
  const delta = totpOf(factor.secret, '').validate({ token: code, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / PERIOD_S) + delta;
  if (factor.lastStep !== null && step <= factor.lastStep) return false;
  await tx
    .update(totpFactors)
    .set({ lastStep: step, ...(pending ? { confirmedAt: new Date() } : {}) })
    .where(eq(totpFactors.userId, userId));
  return true;
}

/** Confirms the pending secret with its first code; answers the recovery codes (shown once), or null. */
export async function confirmTotp(db: Db, userId: number, code: string): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    if (!(await spendTotp(tx, userId, code, true))) return null;
    return issueRecoveryCodes(tx, userId);
  });
}

export async function turnOffTotp(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
    // A member who keeps a passkey keeps the codes that stand in for it.
    await dropRecoveryCodesIfNoFactor(tx, userId);
  });
}

/** Does this member owe a code after their password? */
export async function needsSecondFactor(db: Db, userId: number): Promise<{ totp: boolean; passkeys: number } | null> {
  const factors = await secondFactorsOf(db, userId);
  return factors.totp || factors.passkeys > 0 ? factors : null;
}

/** The challenge a password sign-in answers with while a code is owed. */
export async function createChallenge(db: Db, userId: number, remember: boolean): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  // Spent and expired ones of anyone go with each new one: the table stays small.
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, new Date()));
  await db.insert(signInChallenges).values({ challengeHash: sha256(challenge), userId, remember, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
  return challenge;
}

/** Whose sign-in `challenge` continues, while it is good (so their limits can be checked first). */
export async function challengeOwner(db: Db, challenge: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: signInChallenges.userId, attempts: signInChallenges.attempts })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.challengeHash, sha256(challenge)), gt(signInChallenges.expiresAt, new Date())));
  return row && row.attempts < SECOND_FACTOR_TRIES ? row.userId : null;
}

export type ChallengeAnswer =
  | { kind: 'passed'; userId: number; remember: boolean; recoveryCodeUsed: boolean }
  | { kind: 'wrong'; userId: number }
  | { kind: 'gone' };

/**
 * What answers a challenge: a code (TOTP, or a recovery code), or a passkey's assertion —
 * checked by `verify` (domain/auth/passkeys.ts), whose WebAuthn challenge is this one.
 */
export type SecondStep = { code: string } | { passkey: (tx: Db, userId: number, challenge: string) => Promise<boolean> };

/** A second step for `challenge`: passed spends the challenge; a wrong one counts. */
export async function answerChallenge(db: Db, challenge: string, step: SecondStep): Promise<ChallengeAnswer> {
  return db.transaction(async (tx) => {
    const hash = sha256(challenge);
    const [row] = await tx
      .select()
      .from(signInChallenges)
      .where(and(eq(signInChallenges.challengeHash, hash), gt(signInChallenges.expiresAt, new Date())))
      .for('update');
    if (!row || row.attempts >= SECOND_FACTOR_TRIES) return { kind: 'gone' } as const;
    let recoveryCodeUsed = false;
    let passed: boolean;
    if ('passkey' in step) passed = await step.passkey(tx, row.userId, challenge);
    else {
      const trimmed = step.code.trim();
      passed = await spendTotp(tx, row.userId, trimmed, false);
      if (!passed && !/^\d{6}$/.test(trimmed)) passed = recoveryCodeUsed = await spendRecoveryCode(tx, row.userId, trimmed);
    }
    if (!passed) {
      await tx.update(signInChallenges).set({ attempts: row.attempts + 1 }).where(eq(signInChallenges.challengeHash, hash));
      return { kind: 'wrong', userId: row.userId } as const;
    }
    await tx.delete(signInChallenges).where(eq(signInChallenges.challengeHash, hash));
    return { kind: 'passed', userId: row.userId, remember: row.remember, recoveryCodeUsed } as const;
  });
}
