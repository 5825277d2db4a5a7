/** Reading and marking a member's bulletins, and the count their app badge shows. */
import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BULLETIN_PAGE_SIZE, type BulletinItem, type BulletinKind, type BulletinPage } from '../../../contract/bulletins';
import type { BulletinFeature } from '../../../contract/bulletin-text';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { bulletins } from '../../db/schema/bulletins';
import { chatMessages } from '../../db/schema/chat';

const actor = alias(users, 'actor');

const itemColumns = {
  code: bulletins.code,
  kind: bulletins.kind,
  feature: bulletins.feature,
  subjectName: bulletins.subjectName,
  repeats: bulletins.repeats,
  url: bulletins.url,
  createdAt: bulletins.createdAt,
  readAt: bulletins.readAt,
  actorCode: actor.userCode,
  actorName: actor.displayName,
  actorDp: actor.profileDp,
};
type ItemRow = {
  code: string;
  kind: string;
  feature: string;
  subjectName: string | null;
  repeats: number;
  url: string;
  createdAt: Date;
  readAt: Date | null;
  actorCode: string;
  actorName: string;
  actorDp: string | null;
};

export const toItem = (r: ItemRow): BulletinItem => ({
  bulletinCode: r.code,
  kind: r.kind as BulletinKind,
  featureCode: r.feature as BulletinFeature,
  actor: { userCode: r.actorCode, displayName: r.actorName, profileDp: r.actorDp },
  subjectName: r.subjectName,
  repeats: r.repeats,
  url: r.url,
  createdAt: r.createdAt.toISOString(),
  read: r.readAt !== null,
});

export async function unreadBulletins(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bulletins)
    .where(and(eq(bulletins.userId, userId), isNull(bulletins.readAt)));
  return row?.n ?? 0;
}

export async function bulletinPage(db: Db, userId: number, pageNo: number, pageSize: number = BULLETIN_PAGE_SIZE): Promise<BulletinPage> {
  const [rows, [total], unread] = await Promise.all([
    db
      .select(itemColumns)
      .from(bulletins)
      .innerJoin(actor, eq(actor.id, bulletins.actorId))
      .where(eq(bulletins.userId, userId))
      // Newest first; a merged telex bulletin moves up with its latest message.
      .orderBy(desc(bulletins.createdAt), desc(bulletins.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(bulletins).where(eq(bulletins.userId, userId)),
    unreadBulletins(db, userId),
  ]);
  return { bulletins: (rows as ItemRow[]).map(toItem), totalRecords: total?.n ?? 0, unread };
}

/** One bulletin with its actor, for a push (null once it is gone). */
export async function bulletinById(db: Db, id: number): Promise<(BulletinItem & { userId: number }) | null> {
  const [row] = await db
    .select({ ...itemColumns, userId: bulletins.userId })
    .from(bulletins)
    .innerJoin(actor, eq(actor.id, bulletins.actorId))
    .where(eq(bulletins.id, id));
  return row ? { ...toItem(row as ItemRow), userId: row.userId } : null;
}

/** Marks the member's own bulletins read (others' codes simply match nothing); answers the unread count. */
export async function markRead(db: Db, userId: number, codes: string[] | 'all'): Promise<number> {
  const mine = eq(bulletins.userId, userId);
  await db
    .update(bulletins)
    .set({ readAt: sql`now()` })
    .where(and(mine, isNull(bulletins.readAt), codes === 'all' ? undefined : inArray(bulletins.code, codes)));
  return unreadBulletins(db, userId);
}

/** Reading a billionett's telex messages reads the bulletin that announced them. */
export async function markTelexRead(db: Db, userId: number, senderCodes: string[]): Promise<void> {
  if (senderCodes.length === 0) return;
  const senders = db.select({ id: users.id }).from(users).where(inArray(users.userCode, senderCodes));
  await db
    .update(bulletins)
    .set({ readAt: sql`now()` })
    .where(and(eq(bulletins.userId, userId), eq(bulletins.kind, 'telex'), isNull(bulletins.readAt), inArray(bulletins.actorId, senders)));
}

/**
 * The app badge: unread bulletins other than telex, plus unread telex messages (a telex
 * bulletin stands for messages already counted there).
 */
export async function badgeCount(db: Db, userId: number): Promise<number> {
  const [[others], [telex]] = await Promise.all([
    db
      .select({ n: count() })
      .from(bulletins)
      .where(and(eq(bulletins.userId, userId), isNull(bulletins.readAt), ne(bulletins.kind, 'telex'))),
    db
      .select({ n: count() })
      .from(chatMessages)
      .where(and(eq(chatMessages.recipientId, userId), isNull(chatMessages.readAt))),
  ]);
  return (others?.n ?? 0) + (telex?.n ?? 0);
}
