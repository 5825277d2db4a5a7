/**
 * 'Delete my account' (issue 29; docs/decisions/0073-account-deletion.md): asked, it
 * waits DELETION_GRACE_DAYS, during which a sign-in cancels it; then the account is erased.
 * Erasure deletes the member's row, and the foreign keys take everything of theirs with it
 * (entries and their media rows, comments, ratings, votes, circles and slates they own,
 * listings, telex, bulletins, sessions, passkeys, push subscriptions); the media bytes are
 * removed from the store after. Replies other members wrote to the member's comments are
 * theirs: they stay, as comments on the entry.
 */
import { and, count, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { DELETION_GRACE_DAYS, type DeletionPreview } from '../../../contract/account-deletion';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { services } from '../../db/schema/barter';
import { chatMessages } from '../../db/schema/chat';
import { circleMembers, circles, slateFollowers, slates } from '../../db/schema/circles';
import { comments, posts } from '../../db/schema/entries';
import { media } from '../../db/schema/media';
import { passkeys } from '../../db/schema/passkeys';
import type { MediaDir, MediaFile, MediaFiles } from '../media-files';

const DAY_MS = 86_400_000;

/** What erasure takes with it, shown to the member before they confirm. */
export async function deletionPreview(db: Db, userId: number): Promise<DeletionPreview> {
  const [[entries], [written], [listings], [talks], [keys], ownCircles, ownSlates] = await Promise.all([
    db.select({ n: count() }).from(posts).where(eq(posts.authorId, userId)),
    db.select({ n: count() }).from(comments).where(eq(comments.authorId, userId)),
    db.select({ n: count() }).from(services).where(eq(services.authorId, userId)),
    db
      .select({ n: sql<number>`count(distinct case when ${chatMessages.senderId} = ${userId} then ${chatMessages.recipientId} else ${chatMessages.senderId} end)::int` })
      .from(chatMessages)
      .where(or(eq(chatMessages.senderId, userId), eq(chatMessages.recipientId, userId))),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    db
      .select({ name: circles.name, people: sql<number>`(select count(*)::int from ${circleMembers} where ${circleMembers.circleId} = ${circles.id} and ${circleMembers.userId} <> ${userId})` })
      .from(circles)
      .where(eq(circles.adminId, userId))
      .orderBy(circles.name),
    db
      .select({ name: slates.name, people: sql<number>`(select count(*)::int from ${slateFollowers} where ${slateFollowers.slateId} = ${slates.id} and ${slateFollowers.userId} <> ${userId})` })
      .from(slates)
      .where(eq(slates.adminId, userId))
      .orderBy(slates.name),
  ]);
  return {
    entries: entries?.n ?? 0,
    comments: written?.n ?? 0,
    circles: ownCircles,
    slates: ownSlates,
    listings: listings?.n ?? 0,
    conversations: talks?.n ?? 0,
    passkeys: (keys?.n ?? 0) > 0,
  };
}

/** When the account is to be erased, or null when deletion is not asked. */
export async function deletionDue(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ deleteAfter: users.deleteAfter }).from(users).where(eq(users.id, userId));
  return row?.deleteAfter ?? null;
}

/** Asks for deletion (again: the days count from now); answers when erasure is due. */
export async function scheduleDeletion(db: Db, userId: number, now = new Date()): Promise<Date> {
  const deleteAfter = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
  await db.update(users).set({ deletionRequestedAt: now, deleteAfter }).where(eq(users.id, userId));
  return deleteAfter;
}

/** A sign-in while deletion waits cancels it; true when there was one to cancel. */
export async function cancelDeletion(db: Db, userId: number): Promise<boolean> {
  const cancelled = await db
    .update(users)
    .set({ deletionRequestedAt: null, deleteAfter: null })
    .where(and(eq(users.id, userId), isNotNull(users.deleteAfter)))
    .returning({ id: users.id });
  return cancelled.length > 0;
}

/**
 * Erases one account whose time has come (`now`), if no other host is erasing it: its
 * row is locked and skipped by the others. Answers the media files to remove after.
 */
async function eraseOne(db: Db, userId: number, now: Date): Promise<{ userCode: string; files: MediaFile[] } | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: users.id, userCode: users.userCode })
      .from(users)
      .where(and(eq(users.id, userId), lte(users.deleteAfter, now)))
      .for('update', { skipLocked: true });
    if (!due) return null;
    const files = await tx.select({ dir: media.imageType, fileName: media.fileName }).from(media).where(eq(media.ownerId, userId));
    // Replies others wrote to the member's comments are theirs: they stay, on the entry.
    const own = tx.select({ id: comments.id }).from(comments).where(and(eq(comments.authorId, userId), isNull(comments.parentId)));
    await tx
      .update(comments)
      .set({ parentId: null })
      .where(and(inArray(comments.parentId, own), ne(comments.authorId, userId)));
    await tx.delete(users).where(eq(users.id, userId));
    return { userCode: due.userCode, files: files.map((f) => ({ dir: f.dir as MediaDir, fileName: f.fileName })) };
  });
}

/**
 * Erases every account whose deletion is due; answers the codes of those erased (the
 * operator's record: a backup restored later brings them back, docs/operations.md). Safe
 * on several hosts at once.
 */
export async function eraseDueAccounts(db: Db, files: MediaFiles | null, now = new Date()): Promise<string[]> {
  const due = await db.select({ id: users.id }).from(users).where(lte(users.deleteAfter, now));
  const erased: string[] = [];
  for (const { id } of due) {
    const gone = await eraseOne(db, id, now);
    if (!gone) continue;
    erased.push(gone.userCode);
    // Best effort, after the rows are gone: a file left behind costs space, never privacy
    // (nothing names it any more, and its name is 128 random bits).
    await files?.remove(gone.files);
  }
  return erased;
}
