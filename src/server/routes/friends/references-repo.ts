/**
 * Reference candidates: rows in, ReferenceRow out. A candidate who has since joined (their
 * e-mail or mobile now belongs to a member) carries that member's card and requestAgain 'No'.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { ReferenceRow } from '../../../contract/friends';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { friendReferences } from '../../db/schema/friendships';
import { professions } from '../../db/schema/masters';
import { loadCard, type Page } from './repo';

/** How a contact is stored and compared: e-mails lower-cased, mobiles as typed (digits). */
export const normalContact = (contact: string) => contact.trim().toLowerCase();

/** r + 12 characters of [a-z0-9]: opaque in URLs, not a counter. */
function newRefCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `r${Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('')}`;
}

export async function contactIsMember(db: Db, contact: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.email, contact), eq(users.mobile, contact)))
    .limit(1);
  return row?.id ?? null;
}

export async function referenceExists(db: Db, ownerId: number, contact: string): Promise<boolean> {
  const [row] = await db
    .select({ id: friendReferences.id })
    .from(friendReferences)
    .where(and(eq(friendReferences.ownerId, ownerId), eq(friendReferences.contact, contact)))
    .limit(1);
  return Boolean(row);
}

export async function insertReference(
  db: Db,
  values: { ownerId: number; name: string; contact: string; professionCode: string },
): Promise<string> {
  const refCode = newRefCode();
  await db.insert(friendReferences).values({ ...values, refCode });
  return refCode;
}

const rowColumns = {
  id: friendReferences.id,
  refCode: friendReferences.refCode,
  name: friendReferences.name,
  contact: friendReferences.contact,
  professionCode: friendReferences.professionCode,
  professionName: professions.professionName,
  notified: friendReferences.notified,
};
type Stored = { refCode: string; name: string; contact: string; professionCode: string; professionName: string | null; notified: number };

async function toRow(db: Db, r: Stored): Promise<ReferenceRow> {
  const joinedId = await contactIsMember(db, r.contact);
  const profile = joinedId ? await loadCard(db, joinedId) : null;
  return {
    refCode: r.refCode,
    refName: r.name,
    professionCode: r.professionCode,
    professionName: r.professionName ?? '',
    notified: r.notified,
    requestAgain: profile ? 'No' : 'Yes',
    refCandidateProfile: profile,
  };
}

export async function listReferences(db: Db, ownerId: number, page: Page): Promise<{ rows: ReferenceRow[]; total: number }> {
  const mine = eq(friendReferences.ownerId, ownerId);
  const [totalRow] = await db.select({ n: count() }).from(friendReferences).where(mine);
  const stored = await db
    .select(rowColumns)
    .from(friendReferences)
    .leftJoin(professions, eq(professions.professionCode, friendReferences.professionCode))
    .where(mine)
    .orderBy(desc(friendReferences.createdAt), desc(friendReferences.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  const rows: ReferenceRow[] = [];
  for (const r of stored) rows.push(await toRow(db, r));
  return { rows, total: totalRow?.n ?? 0 };
}

/** The owner's reference by code, or null (another member's reference is "not found" too). */
export async function loadReference(db: Db, ownerId: number, refCode: string): Promise<(ReferenceRow & { contact: string }) | null> {
  const [r] = await db
    .select(rowColumns)
    .from(friendReferences)
    .leftJoin(professions, eq(professions.professionCode, friendReferences.professionCode))
    .where(and(eq(friendReferences.ownerId, ownerId), eq(friendReferences.refCode, refCode)))
    .limit(1);
  return r ? { ...(await toRow(db, r)), contact: r.contact } : null;
}

export async function bumpNotified(db: Db, ownerId: number, refCode: string): Promise<void> {
  await db
    .update(friendReferences)
    .set({ notified: sql`${friendReferences.notified} + 1` })
    .where(and(eq(friendReferences.ownerId, ownerId), eq(friendReferences.refCode, refCode)));
}

export async function deleteReference(db: Db, ownerId: number, refCode: string): Promise<boolean> {
  const gone = await db
    .delete(friendReferences)
    .where(and(eq(friendReferences.ownerId, ownerId), eq(friendReferences.refCode, refCode)))
    .returning({ id: friendReferences.id });
  return gone.length > 0;
}
