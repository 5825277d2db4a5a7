/**
 * Telex pulls (spec/calls.md "Chat"): the billionetts with presence (chat/friends), the
 * conversations (chat/history), and one conversation's messages (chat/history/{friendId},
 * newest page first, 50 a page). Everything lands in Dexie, so /telex reads offline.
 * Messages are merged by id with statuses only moving forward; the member's unsent
 * messages to that peer are redrawn on top (rebase), so a pull never hides them.
 */
import {
  CHAT_LIST_SIZE,
  CHAT_PAGE_SIZE,
  CHAT_PATHS,
  chatConversationData,
  chatFriendsData,
  chatHistoryData,
  type ChatConversation,
} from '../../../contract/chat';
import { targets } from '../../../contract/targets';
import { mergeMessages, putMessagePage, replaceFriends } from '../../store/chat';
import type { ChatConversationRow } from '../../store/db';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

const FIRST_PAGE = { pageNo: 1, pageSize: CHAT_LIST_SIZE };

export async function pullChatFriends(ctx: SyncContext, member: Member): Promise<PullResult> {
  const { db } = member;
  const key = 'chatFriends';
  const result = await authed(ctx, member, CHAT_PATHS.friends, { query: FIRST_PAGE });
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = chatFriendsData.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  await db.transaction('rw', db.chatFriends, () => replaceFriends(db, parsed.data.onlineFriends));
  return pulled(db, key, result.status);
}

/** The conversations; the one the member has open keeps unread 0 (the server may not know yet). */
export async function pullChatHistory(ctx: SyncContext, member: Member, openPeer?: string): Promise<PullResult> {
  const { db, session } = member;
  const key = 'chatHistory';
  const result = await authed(ctx, member, CHAT_PATHS.history, { query: FIRST_PAGE });
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = chatHistoryData.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  const conversations = parsed.data.chatHistory;
  const rows = conversations.map((c) => conversationRow(c, c.userCode === openPeer));
  await writeMirror(db, conversations.map((c) => targets.telex(c.userCode)), async () => {
    await db.chatConversations.bulkPut(rows);
    await mergeMessages(db, session.id, conversations.map((c) => c.lastMessage));
  });
  return pulled(db, key, result.status);
}

export async function pullChatMessages(ctx: SyncContext, member: Member, peer: string, pageNo: number): Promise<PullResult> {
  const { db, session } = member;
  const key = `chatMessages:${peer}:${pageNo}`;
  const result = await authed(ctx, member, CHAT_PATHS.conversation(peer), { query: { pageNo, pageSize: CHAT_PAGE_SIZE } });
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = chatConversationData.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  const messages = parsed.data.chatHistory;
  await writeMirror(db, [targets.telex(peer)], async () => {
    await mergeMessages(db, session.id, messages);
    await putMessagePage(db, session.id, peer, pageNo, messages.map((m) => m.id), result.body.totalRecords ?? messages.length);
  });
  return pulled(db, key, result.status);
}

function conversationRow(c: ChatConversation, open: boolean): ChatConversationRow {
  const { lastMessage: _last, isOnline: _online, ...card } = c;
  return { ...card, unread: open ? 0 : c.unread };
}
