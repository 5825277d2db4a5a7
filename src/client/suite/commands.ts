/**
 * Writes of the own suite. Saving the about text is a queued write (DESIGN.md):
 * `enqueue` puts the optimistic row and the outbox item in one Dexie transaction,
 * then the worker is asked to deliver it now. Drafts are plain Dexie rows.
 */
import { enqueue } from '../store/enqueue';
import { memberDb } from '../store/db';
import { sync } from '../sync/client';
import { ABOUT_DRAFT_KEY } from './queries';

export async function saveAbout(me: string, about: string): Promise<void> {
  const db = memberDb(me);
  await enqueue(db, 'about.update', { userCode: me, data: { about } });
  await db.drafts.delete(ABOUT_DRAFT_KEY);
  // Delivery is the worker's job; a failure to reach it must not undo the saved edit.
  void sync.kick().catch(() => undefined);
}

export async function keepAboutDraft(me: string, text: string): Promise<void> {
  await memberDb(me).drafts.put({ key: ABOUT_DRAFT_KEY, value: text, updatedAt: Date.now() });
}

export async function dropAboutDraft(me: string): Promise<void> {
  await memberDb(me).drafts.delete(ABOUT_DRAFT_KEY);
}

export const retryWrite = (id: string): Promise<void> => sync.retry(id);
export const discardWrite = (id: string): Promise<void> => sync.discard(id);

/** Ask the worker for a member's billionetts-by-category report (the pie). */
export function refreshFriendsReport(userCode: string): void {
  void sync.pull({ kind: 'friendsReport', userCode }).catch(() => undefined);
}
