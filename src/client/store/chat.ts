/**
 * Telex rows in Dexie (spec/product.md §3 "Chat user", "Chat message"): the writes the
 * sync worker makes for pulled pages and live frames, and the outbox appliers share.
 * A message's status only moves forward (pending → sent → delivered → read), however
 * late or out of order an answer, a frame or a page arrives.
 */
import type { CallLine } from '../../contract/calls';
import type { ChatLinkState } from '../../contract/chat';
import type { ChatConversationRow, ChatFriendRow, ChatMessageRow, ChatMessageStatus, MemberDb } from './db';

const RANK: Record<ChatMessageStatus, number> = { pending: 0, failed: 0, sent: 1, delivered: 2, read: 3 };

/** The further of two statuses; a server status always beats the local pending/failed mark. */
export function laterStatus(a: ChatMessageStatus, b: ChatMessageStatus): ChatMessageStatus {
  return RANK[b] > RANK[a] ? b : a;
}

export const isServerStatus = (status: ChatMessageStatus) => RANK[status] > 0;

/** A message as the server has it; `me` decides who the peer is. `call`: the line an ended call left (contract/calls.ts). */
export type ServerMessage = { id: string; sender: string; recvId: string; body: string; time: string; status: ChatMessageStatus; call?: CallLine };

export const peerOf = (me: string, m: { sender: string; recvId: string }) => (m.sender === me ? m.recvId : m.sender);

/** Merge server messages into the table, never moving a status backwards. Call inside a rw transaction. */
export async function mergeMessages(db: MemberDb, me: string, messages: ServerMessage[]): Promise<ChatMessageRow[]> {
  const existing = await db.chatMessages.bulkGet(messages.map((m) => m.id));
  const rows = messages.map((m, i): ChatMessageRow => {
    const old = existing[i];
    return {
      id: m.id,
      peer: peerOf(me, m),
      sender: m.sender,
      recvId: m.recvId,
      body: m.body,
      time: m.time,
      status: old ? laterStatus(m.status, old.status) : m.status,
      ...(m.call ? { call: m.call } : {}),
    };
  });
  await db.chatMessages.bulkPut(rows);
  return rows;
}

/** Statuses pushed by the server (delivered/read of my messages, or my own read of theirs). */
export async function applyStatus(db: MemberDb, ids: string[], status: ChatMessageStatus): Promise<void> {
  await db.transaction('rw', db.chatMessages, async () => {
    const rows = await db.chatMessages.bulkGet(ids);
    const changed = rows.filter((r): r is ChatMessageRow => !!r && laterStatus(r.status, status) !== r.status);
    await db.chatMessages.bulkPut(changed.map((r) => ({ ...r, status })));
  });
}

/** Move a conversation's lastChatTime forward (creating it when new); `unread` adds to its count. */
export async function touchConversation(db: MemberDb, peer: string, time: string, unread = 0): Promise<void> {
  const old = await db.chatConversations.get(peer);
  const lastChatTime = old && old.lastChatTime > time ? old.lastChatTime : time;
  await db.chatConversations.put({ ...old, userCode: peer, lastChatTime, unread: (old?.unread ?? 0) + unread });
}

/** A message frame received live: stored, its conversation moved up; unread unless the chat is open. */
export async function receiveMessage(db: MemberDb, me: string, message: ServerMessage, chatOpen: boolean): Promise<void> {
  await db.transaction('rw', db.chatMessages, db.chatConversations, async () => {
    const known = await db.chatMessages.get(message.id);
    await mergeMessages(db, me, [message]);
    const incoming = message.sender !== me && !known;
    await touchConversation(db, peerOf(me, message), message.time, incoming && !chatOpen ? 1 : 0);
  });
}

export async function setPresence(db: MemberDb, userCode: string, isOnline: boolean): Promise<void> {
  await db.chatFriends.update(userCode, { isOnline });
}

/** The server's word on telex's live link; a repeat keeps the time it changed. */
export async function setTelexLink(db: MemberDb, state: ChatLinkState): Promise<void> {
  await db.transaction('rw', db.links, async () => {
    const row = await db.links.get('telex');
    if (row?.state !== state) await db.links.put({ key: 'telex', state, since: Date.now() });
  });
}

/** chat/friends answered whole: the list is replaced (a removed billionett leaves it). */
export async function replaceFriends(db: MemberDb, friends: Omit<ChatFriendRow, 'order'>[]): Promise<void> {
  await db.chatFriends.clear();
  await db.chatFriends.bulkPut(friends.map((f, order) => ({ ...f, order })));
}

/** chat/history: the server's conversations; a conversation only this device knows (unsent) stays. */
export async function mergeConversations(db: MemberDb, rows: ChatConversationRow[]): Promise<void> {
  await db.chatConversations.bulkPut(rows);
}

/**
 * The member has the chat with `peer` open: nothing there is unread any more. Their
 * messages not yet read are handed to `tell` (the read frame); only when it could be
 * sent are they marked read here, so a chat opened offline is read again on reconnect.
 */
export async function readConversation(db: MemberDb, peer: string, tell: (ids: string[]) => boolean): Promise<void> {
  await db.transaction('rw', db.chatMessages, db.chatConversations, async () => {
    await db.chatConversations.update(peer, { unread: 0 });
    const theirs = await db.chatMessages
      .where('[peer+time]')
      .between([peer, ''], [peer, '\uffff'])
      .filter((m) => m.sender === peer && m.status !== 'read')
      .toArray();
    if (theirs.length === 0 || !tell(theirs.map((m) => m.id))) return;
    await db.chatMessages.bulkPut(theirs.map((m) => ({ ...m, status: 'read' as const })));
  });
}

/** listPages key of one mirrored page of a conversation (totalRecords tells whether older pages exist). */
export const messagePageKey = (me: string, peer: string, pageNo: number) => `chatMessages:${me}:${peer}:${pageNo}`;

export async function putMessagePage(db: MemberDb, me: string, peer: string, pageNo: number, ids: string[], totalRecords: number) {
  await db.listPages.put({
    key: messagePageKey(me, peer, pageNo),
    kind: 'chatMessages',
    owner: me,
    pageNo,
    codes: ids,
    totalRecords,
    accessCode: 0,
    syncedAt: Date.now(),
  });
}
