/**
 * Writes of the own vault. Personal details are a queued write (DESIGN.md): the
 * optimistic row and the outbox item in one Dexie transaction, then a nudge to the
 * worker. The payload is the contract's personalDetailsUpdate.
 */
import type { PersonalUpdate } from '../../contract/user';
import { memberDb } from '../store/db';
import { enqueue } from '../store/outbox';
import { sync } from '../sync/client';

export async function savePersonalDetails(me: string, data: PersonalUpdate): Promise<void> {
  await enqueue(memberDb(me), 'personal.update', { userCode: me, data });
  void sync.kick().catch(() => undefined);
}

/** Refresh the personal details from the server (stale-while-revalidate: the cached row shows meanwhile). */
export function refreshPersonal(me: string): void {
  void sync.pull({ kind: 'personal', userCode: me }).catch(() => undefined);
}

export const retryWrite = (id: string): Promise<void> => sync.retry(id);
export const discardWrite = (id: string): Promise<void> => sync.discard(id);
