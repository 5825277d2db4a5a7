/**
 * Writing pulled server pages (DESIGN.md "Reads and mirrors"): the fresh rows and
 * the redraw of unsent edits go in one transaction, so a live query never shows
 * the server's older value in place of a pending edit, not even for one render.
 */
import type { CursorRow, MemberDb } from './db';
import { rebase } from './outbox';

export async function writeMirror(db: MemberDb, targets: string[], write: () => Promise<void>): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await write();
    for (const target of targets) await rebase(db, target);
  });
}

/** Record when `key` was last synced; a failure keeps the last good time and adds the error. */
export async function recordCursor(db: MemberDb, key: string, error?: CursorRow['error']): Promise<void> {
  if (!error) {
    await db.cursors.put({ key, syncedAt: Date.now() });
    return;
  }
  await db.transaction('rw', db.cursors, async () => {
    const last = await db.cursors.get(key);
    await db.cursors.put({ key, syncedAt: last?.syncedAt ?? 0, error });
  });
}
