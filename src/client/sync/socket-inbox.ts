/**
 * What the telex socket receives, written into the member's Dexie database (each frame
 * in one transaction), and the confirmations it owes the server: a message stored on
 * this device is `delivered`, one in the chat the member has open is `read`. A
 * confirmation lost with the connection is harmless: the server replays what is still
 * undelivered after the next login, and the row is merged by its id, never doubled.
 */
import { CHAT_IDS_MAX, type ChatServerFrame } from '../../contract/chat';
import { applyStatus, peerOf, readConversation, receiveMessage, setPresence } from '../store/chat';
import type { Member } from './context';

type Frame<T extends ChatServerFrame['type']> = Extract<ChatServerFrame, { type: T }>;

export type Confirm = (type: 'delivered' | 'read', ids: string[]) => boolean;

export type Inbox = {
  message(member: Member, frame: Frame<'message'>): Promise<void>;
  status(member: Member, frame: Frame<'status'>): Promise<void>;
  presence(member: Member, frame: Frame<'presence'>): Promise<void>;
  /** The chat the member looks at (openChat/closeChat), or null. */
  openPeer(): string | null;
  setOpenPeer(peer: string | null): void;
  /** Mark the open chat read here and tell the server (when connected). */
  readOpenChat(member: Member): Promise<void>;
};

export function createInbox(confirm: Confirm): Inbox {
  let open: string | null = null;

  function send(type: 'delivered' | 'read', ids: string[]): boolean {
    for (let i = 0; i < ids.length; i += CHAT_IDS_MAX) if (!confirm(type, ids.slice(i, i + CHAT_IDS_MAX))) return false;
    return true;
  }

  return {
    async message(member, frame) {
      const { type: _type, recvIsGroup: _group, ...message } = frame;
      const me = member.session.id;
      const peer = peerOf(me, message);
      const seen = peer === open && message.sender !== me;
      await receiveMessage(member.db, me, message, peer === open);
      if (message.sender === me) return;
      if (seen && send('read', [message.id])) await applyStatus(member.db, [message.id], 'read');
      else send('delivered', [message.id]);
    },
    status: (member, frame) => applyStatus(member.db, frame.ids, frame.status),
    presence: (member, frame) => setPresence(member.db, frame.userCode, frame.isOnline),
    openPeer: () => open,
    setOpenPeer(peer) {
      open = peer;
    },
    async readOpenChat(member) {
      const peer = open;
      if (!peer) return;
      // Only what the server has been told is marked read here; the rest stays for the next try.
      await readConversation(member.db, peer, (ids) => send('read', ids));
    },
  };
}
