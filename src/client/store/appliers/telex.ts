/**
 * 'telex.send' (spec §2.12): a message is its own optimistic row in chatMessages,
 * keyed by the client id the server will store it under.
 * - local: the row with status 'pending' (or 'failed'), its conversation moved up; a row
 *   the server already has (sent or later, e.g. a late ack) is never marked back.
 * - answer (the ack frame): the server's time replaces the client's, status 'sent' or later.
 * - discard: the row goes (the server never stored it; no pull could remove it).
 */
import { chatAckFrame } from '../../../contract/chat';
import { isServerStatus, laterStatus, touchConversation } from '../chat';
import type { AreaAppliers } from './applier';

export const telexAppliers = {
  'telex.send': {
    local: async (db, p, mark) => {
      const old = await db.chatMessages.get(p.id);
      if (old && isServerStatus(old.status)) return;
      await db.chatMessages.put({ id: p.id, peer: p.peer, sender: p.userCode, recvId: p.peer, body: p.body, time: p.time, status: mark });
      await touchConversation(db, p.peer, p.time);
    },
    answer: async (db, p, data) => {
      const ack = chatAckFrame.safeParse(data);
      const old = await db.chatMessages.get(p.id);
      if (!old) return;
      const time = ack.success ? ack.data.time : old.time;
      const status = laterStatus('sent', ack.success ? laterStatus(ack.data.status, old.status) : old.status);
      await db.chatMessages.put({ ...old, time, status });
      await touchConversation(db, p.peer, time);
    },
    discard: async (db, p) => {
      await db.chatMessages.delete(p.id);
    },
  },
} satisfies AreaAppliers;
