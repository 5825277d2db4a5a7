/**
 * Writes of telex. Sending is a queued write (DESIGN.md): the message row ('pending',
 * its id a UUIDv7 the server will store it under) and the outbox item in one Dexie
 * transaction, then a nudge to the worker, which delivers it over the socket. The
 * draft is a plain Dexie row kept as the member types and dropped with the send.
 */
import { CHAT_BODY_MAX } from '../../contract/chat';
import { uuidv7 } from '../../lib/ids';
import { memberDb } from '../store/db';
import { queueWith } from '../store/enqueue';
import { sync } from '../sync/client';
import { draftKey } from './queries';

/** Sends `text` as typed; blank text is ignored (spec §5) and the cap is the server's. Returns whether it was queued. */
export async function sendTelex(me: string, peer: string, text: string): Promise<boolean> {
  const body = text.trim();
  if (!body || body.length > CHAT_BODY_MAX) return false;
  const db = memberDb(me);
  await queueWith(db, async (enqueue) => {
    await enqueue(db, 'telex.send', { userCode: me, peer, id: uuidv7(), body, time: new Date().toISOString() });
    await db.drafts.delete(draftKey(peer));
  });
  void sync.kick().catch(() => undefined);
  return true;
}

export async function keepDraft(me: string, peer: string, text: string): Promise<void> {
  const db = memberDb(me);
  if (text) await db.drafts.put({ key: draftKey(peer), value: text, updatedAt: Date.now() });
  else await db.drafts.delete(draftKey(peer));
}

export { pullPage as pullTelex } from '../sync/client';

export const openChat = (peer: string) => sync.openChat(peer).catch(() => undefined);
export const closeChat = () => sync.closeChat().catch(() => undefined);
export const retryTelex = (id: string): Promise<void> => sync.retry(id);
export const discardTelex = (id: string): Promise<void> => sync.discard(id);
