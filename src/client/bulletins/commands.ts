/**
 * Bulletins' writes and pulls for the screens: marking read is a queued write (offline too,
 * sent once); the list's pages come from the worker.
 */
import { memberDb } from '../store/db';
import { enqueue } from '../store/enqueue';
import type { PullResult } from '../sync/api';
import { sync } from '../sync/client';

const nudge = () => void sync.kick().catch(() => undefined);

export async function markRead(me: string, bulletinCodes: string[]): Promise<void> {
  if (bulletinCodes.length === 0) return;
  await enqueue(memberDb(me), 'bulletin.read', { userCode: me, data: { bulletinCodes } });
  nudge();
}

export async function markAllRead(me: string): Promise<void> {
  await enqueue(memberDb(me), 'bulletin.read', { userCode: me, data: { all: true } });
  nudge();
}

export const pullBulletins = (pageNo: number): Promise<PullResult> =>
  sync.pull({ kind: 'bulletins', pageNo }).catch((error: unknown) => ({ ok: false, message: error instanceof Error ? error.message : 'The sync worker failed.' }));
