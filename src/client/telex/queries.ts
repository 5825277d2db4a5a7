/**
 * Live reads of telex (DESIGN.md: the UI reads only Dexie): the billionetts with presence,
 * the conversations with their last message and unread count, one conversation's
 * newest messages, the outbox items behind its unsent messages, and the draft.
 */
import { useLiveQuery } from '../store/live-query';
import { targets } from '../../contract/targets';
import { messagePageKey } from '../store/chat';
import { memberDb, type ChatFriendRow, type ChatMessageRow, type OutboxItem } from '../store/db';
import type { ChatLinkState } from '../../contract/chat';

export const draftKey = (peer: string) => `telex:${peer}`;

/** What a list row needs to show a member: the chat friend row, else what conversations or people know. */
export type ChatPerson = {
  userCode: string;
  displayName: string;
  planName?: string;
  professionName?: string;
  profileDp?: string | null;
  gender?: string;
  isOnline: boolean;
};

/** Telex's live link as the server last said; 'up' until it says otherwise. */
export function useTelexLink(me: string): ChatLinkState {
  return useLiveQuery(async () => (await memberDb(me).links.get('telex'))?.state ?? 'up', [me], 'up');
}

export function useChatFriends(me: string): ChatFriendRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await memberDb(me).chatFriends.toArray();
    // Online first, then the server's order (latest chat first).
    return rows.sort((a, b) => Number(b.isOnline) - Number(a.isOnline) || (a.order ?? 0) - (b.order ?? 0));
  }, [me]);
}

export type ConversationItem = { person: ChatPerson; lastChatTime: string; unread: number; last: ChatMessageRow | undefined };

export function useConversations(me: string): ConversationItem[] | undefined {
  return useLiveQuery(async () => {
    const db = memberDb(me);
    // oxlint-disable-next-line unicorn/no-array-reverse -- Dexie's Collection.reverse(), not Array's.
    const rows = await db.chatConversations.orderBy('lastChatTime').reverse().toArray();
    const friends = await db.chatFriends.bulkGet(rows.map((r) => r.userCode));
    const people = await db.people.bulkGet(rows.map((r) => r.userCode));
    const lasts = await Promise.all(
      rows.map((r) => db.chatMessages.where('[peer+time]').between([r.userCode, ''], [r.userCode, '\uffff']).last()),
    );
    return rows.map((row, i) => {
      const friend = friends[i];
      const known = friend ?? people[i];
      const person: ChatPerson = {
        userCode: row.userCode,
        displayName: row.displayName ?? known?.displayName ?? row.userCode,
        planName: row.planName ?? known?.planName,
        professionName: row.professionName ?? known?.professionName,
        profileDp: row.profileDp ?? known?.profileDp,
        gender: row.gender ?? known?.gender,
        isOnline: friend?.isOnline ?? false,
      };
      return { person, lastChatTime: row.lastChatTime, unread: row.unread, last: lasts[i] };
    });
  }, [me]);
}

/** Everything unread, for the app badge and the side menu. */
export function useUnreadTotal(me: string): number {
  return (
    useLiveQuery(async () => {
      let total = 0;
      await memberDb(me).chatConversations.each((c) => {
        total += c.unread;
      });
      return total;
    }, [me], 0)
  );
}

export function useChatPerson(me: string, peer: string): ChatPerson | undefined {
  return useLiveQuery(async () => {
    const db = memberDb(me);
    const [friend, conversation, person] = await Promise.all([db.chatFriends.get(peer), db.chatConversations.get(peer), db.people.get(peer)]);
    const known = friend ?? conversation ?? person;
    return {
      userCode: peer,
      displayName: (known?.displayName as string | undefined) ?? peer,
      planName: known?.planName as string | undefined,
      professionName: known?.professionName as string | undefined,
      profileDp: known?.profileDp as string | null | undefined,
      gender: known?.gender as string | undefined,
      isOnline: friend?.isOnline ?? false,
    };
  }, [me, peer]);
}

/** The newest `limit` messages with `peer`, oldest first (the page size times the pages scrolled back). */
export function useMessages(me: string, peer: string, limit: number): ChatMessageRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await memberDb(me)
      .chatMessages.where('[peer+time]')
      .between([peer, ''], [peer, '\uffff'])
      // oxlint-disable-next-line unicorn/no-array-reverse -- Dexie's Collection.reverse(), not Array's.
      .reverse()
      .limit(limit)
      .toArray();
    return rows.toReversed();
  }, [me, peer, limit]);
}

/** How many messages the server holds in this conversation (from the newest page pulled). */
export function useMessageTotal(me: string, peer: string): number | undefined {
  return useLiveQuery(async () => (await memberDb(me).listPages.get(messagePageKey(me, peer, 1)))?.totalRecords, [me, peer]);
}

/** message id → its outbox item (the unsent ones: pending, or failed with the server's words). */
export function useUnsent(me: string, peer: string): Map<string, OutboxItem> | undefined {
  return useLiveQuery(async () => {
    const items = await memberDb(me).outbox.where('target').equals(targets.telex(peer)).toArray();
    return new Map(items.map((item) => [(item.payload as { id: string }).id, item]));
  }, [me, peer]);
}

export function useDraft(me: string, peer: string): string | undefined {
  return useLiveQuery(async () => {
    const row = await memberDb(me).drafts.get(draftKey(peer));
    return typeof row?.value === 'string' ? row.value : '';
  }, [me, peer]);
}
