/**
 * The keys members' tokens are signed with, kept in the database (`signing_keys`), never in one
 * host's DATA_DIR: behind a balancer a token signed by one host must verify on every other.
 *
 * - The newest key that `signs` signs; every key not retired verifies. A rotation adds a key:
 *   tokens already out keep working until they expire, and keys superseded longer ago than
 *   any token lives are retired by the next rotation.
 * - Retiring a key (a leaked secret) refuses its tokens at once: the key set is read again
 *   after every write to `signing_keys` (db/write-clock.ts; on PostgreSQL every host hears of
 *   the write through its notices), so each host drops the key within the notice's delivery.
 * - A secret from before keys lived here (JWT_SECRET, DATA_DIR/jwt-secret) is imported as a
 *   key that only verifies, so the upgrade logs no one out; its tokens carry no `kid`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signingKeys } from '../../db/schema/accounts';
import { keptUntilWritten } from '../../db/write-clock';

/** The longest a token lives ('Remember me'); a key superseded longer ago signed no live token. */
export const LONGEST_TOKEN_S = 30 * 24 * 60 * 60;

export type SigningKey = { kid: string; secret: string };
export type KeySet = {
  /** Signs new tokens; null only while no key has been made (ensureSigningKey makes one at start). */
  signer: SigningKey | null;
  /** Every key not retired, by kid. */
  verifiers: ReadonlyMap<string, string>;
  /** Imported secrets whose tokens name no key. */
  legacy: readonly SigningKey[];
};

type KeyRow = typeof signingKeys.$inferSelect;

/** Any constant: it only keeps two hosts starting at once from both making a first key. */
const KEYS_LOCK = 724_202;

/** A key of an imported secret is named by its hash, so importing it twice is one key. */
export const legacyKid = (secret: string) => `legacy-${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`;

const newKey = () => ({ kid: randomBytes(9).toString('base64url'), secret: randomBytes(32).toString('base64url') });

function keySetOf(rows: readonly KeyRow[]): KeySet {
  const live = rows.filter((r) => !r.retiredAt);
  const signers = live.filter((r) => r.signs).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return {
    signer: signers[0] ? { kid: signers[0].kid, secret: signers[0].secret } : null,
    verifiers: new Map(live.map((r) => [r.kid, r.secret])),
    legacy: live.filter((r) => !r.signs).map((r) => ({ kid: r.kid, secret: r.secret })),
  };
}

const kept = keptUntilWritten<{ keys: KeySet }>(1);

/** The keys in force now, read once a write to `signing_keys` (any host's) has come since. */
export async function currentKeys(db: Db): Promise<KeySet> {
  const { keys } = await kept(db, 'keys', ['signing_keys'], async () => ({ keys: keySetOf(await db.select().from(signingKeys)) }));
  return keys;
}

/**
 * At start: imports `legacySecrets` as verify-only keys (once each; a retired one stays
 * retired) and makes the first signing key when there is none.
 */
export async function ensureSigningKey(db: Db, legacySecrets: readonly string[] = []): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK})`);
    for (const secret of new Set(legacySecrets)) {
      await tx.insert(signingKeys).values({ kid: legacyKid(secret), secret, signs: false }).onConflictDoNothing();
    }
    const signer = await tx.select({ kid: signingKeys.kid }).from(signingKeys).where(sql`${signingKeys.signs} and ${signingKeys.retiredAt} is null`).limit(1);
    if (signer.length === 0) await tx.insert(signingKeys).values(newKey());
  });
}

/** When a key stopped signing: a newer signing key's birth, or its import for a legacy one. */
function supersededAt(row: KeyRow, rows: readonly KeyRow[]): Date | null {
  if (!row.signs) return row.createdAt;
  const newer = rows.filter((r) => r.signs && r.createdAt > row.createdAt).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
  return newer?.createdAt ?? null;
}

/**
 * `npm run admin -- rotate-keys`: a new key signs from now on; the old ones verify until their
 * tokens have expired, and keys superseded longer ago than that are retired.
 */
export async function rotateKeys(db: Db, now = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK})`);
    const fresh = newKey();
    await tx.insert(signingKeys).values({ ...fresh, createdAt: now });
    const rows = await tx.select().from(signingKeys).where(isNull(signingKeys.retiredAt)).orderBy(asc(signingKeys.createdAt));
    const lines = [`Key ${fresh.kid} signs from now on; older keys verify the tokens they signed until those expire.`];
    for (const row of rows) {
      const since = supersededAt(row, rows);
      if (since && now.getTime() - since.getTime() > (LONGEST_TOKEN_S + 3600) * 1000) {
        await tx.update(signingKeys).set({ retiredAt: now }).where(eq(signingKeys.kid, row.kid));
        lines.push(`Key ${row.kid} retired: no token it signed can still be valid.`);
      }
    }
    return lines;
  });
}

/**
 * `npm run admin -- retire-key --kid K`: a key that leaked. Every token it signed is refused
 * at once on every host (those members sign in again); when it was the signer, a new key signs.
 */
export async function retireKey(db: Db, kid: string | undefined): Promise<string[]> {
  if (!kid) throw new Error('retire-key needs --kid <key id> (list-keys shows them)');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK})`);
    const [row] = await tx.update(signingKeys).set({ retiredAt: new Date() }).where(sql`${signingKeys.kid} = ${kid} and ${signingKeys.retiredAt} is null`).returning();
    if (!row) throw new Error(`No key ${kid} in force (list-keys shows them).`);
    const lines = [`Key ${kid} retired: every token it signed is refused from now on.`];
    const signer = await tx.select({ kid: signingKeys.kid }).from(signingKeys).where(sql`${signingKeys.signs} and ${signingKeys.retiredAt} is null`).limit(1);
    if (signer.length === 0) {
      const fresh = newKey();
      await tx.insert(signingKeys).values(fresh);
      lines.push(`Key ${fresh.kid} signs from now on.`);
    }
    return lines;
  });
}

/** `npm run admin -- list-keys`: the keys, never their secrets. */
export async function listKeys(db: Db): Promise<string[]> {
  const rows = await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt));
  const signer = keySetOf(rows).signer?.kid;
  return rows.map((r) => {
    const state = r.retiredAt ? `retired ${r.retiredAt.toISOString()}` : r.kid === signer ? 'signs' : 'verifies';
    return `${r.kid}  made ${r.createdAt.toISOString()}  ${state}${r.signs ? '' : '  (imported secret)'}`;
  });
}
