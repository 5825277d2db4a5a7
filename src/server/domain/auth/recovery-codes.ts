/**
 * One-time recovery codes (issue 29): ten, shown once when a member's first second factor
 * (an authenticator app or a passkey) is set up, kept only as their SHA-256. They stay while
 * any second factor does: without them a lost phone or key would lock the member out.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passkeys } from '../../db/schema/passkeys';
import { recoveryCodes, totpFactors } from '../../db/schema/second-factors';

export const RECOVERY_CODE_COUNT = 10;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Recovery codes as the member copies them: 10 letters and digits in two groups. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const normalRecovery = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/** A fresh set, replacing any older one; answers the codes (to show once). */
export async function issueRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(normalRecovery(c)) })));
  return codes;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return left?.n ?? 0;
}

/** Spends `code` if it is one of the member's unused ones. */
export async function spendRecoveryCode(tx: Db, userId: number, code: string): Promise<boolean> {
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, sha256(normalRecovery(code))), isNull(recoveryCodes.usedAt)))
    .returning({ codeHash: recoveryCodes.codeHash });
  return used.length > 0;
}

/** The member's second factors: a confirmed authenticator app, and how many passkeys. */
export async function secondFactorsOf(db: Db, userId: number): Promise<{ totp: boolean; passkeys: number }> {
  const [factor] = await db
    .select({ on: sql<boolean>`true` })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  const [keys] = await db.select({ n: sql<number>`count(*)::int` }).from(passkeys).where(eq(passkeys.userId, userId));
  return { totp: Boolean(factor?.on), passkeys: keys?.n ?? 0 };
}

/** After a second factor went: with none left, the recovery codes go too. */
export async function dropRecoveryCodesIfNoFactor(tx: Db, userId: number): Promise<void> {
  const left = await secondFactorsOf(tx, userId);
  if (!left.totp && left.passkeys === 0) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
