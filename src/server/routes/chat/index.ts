/**
 * Telex reads (spec/calls.md "Chat"): billionetts with presence and last chat time, the
 * conversations, and one conversation newest page first. Live traffic is the socket
 * (src/server/realtime). Only billionetts telex each other: another member's conversation
 * is 403 with the spec sentence.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_LIST_SIZE,
  CHAT_MESSAGES,
  CHAT_PAGE_SIZE,
  CHAT_PATHS,
  chatConversationData,
  chatFriendParams,
  chatFriendsData,
  chatHistoryData,
  chatListQuery,
} from '../../../contract/chat';
import { envelope } from '../../../contract/envelope';
import { HttpError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { chatFriends, conversationPage, conversations, friendIdByCode } from '../../domain/chat/repo';

const path = (p: string) => `/${p}`;

const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlineOf = (codes: string[]) => app.telex.presence.online(codes);

  app.get(path(CHAT_PATHS.friends), {
    config: { access: 'member' },
    schema: { tags: ['chat'], querystring: chatListQuery, response: { 200: envelope(chatFriendsData) } },
    handler: async (request) => {
      const q = request.query;
      const { rows, total } = await chatFriends(app.db, memberOf(request).id, { pageNo: q.pageNo, pageSize: q.pageSize ?? CHAT_LIST_SIZE });
      const online = await onlineOf(rows.map((r) => r.userCode));
      const onlineFriends = rows.map((r) => ({ ...r, isOnline: online.has(r.userCode) }));
      return { code: 200, message: 'ok', data: { onlineFriends }, totalRecords: total };
    },
  });

  app.get(path(CHAT_PATHS.history), {
    config: { access: 'member' },
    schema: { tags: ['chat'], querystring: chatListQuery, response: { 200: envelope(chatHistoryData) } },
    handler: async (request) => {
      const q = request.query;
      const { rows, total } = await conversations(app.db, memberOf(request).id, { pageNo: q.pageNo, pageSize: q.pageSize ?? CHAT_LIST_SIZE });
      const online = await onlineOf(rows.map((r) => r.userCode));
      const chatHistory = rows.map((r) => ({ ...r, isOnline: online.has(r.userCode) }));
      return { code: 200, message: 'ok', data: { chatHistory }, totalRecords: total };
    },
  });

  app.get(decodeURIComponent(path(CHAT_PATHS.conversation(':friendId'))), {
    config: { access: 'member' },
    schema: { tags: ['chat'], params: chatFriendParams, querystring: chatListQuery, response: { 200: envelope(chatConversationData) } },
    handler: async (request) => {
      const me = memberOf(request);
      const friendId = await friendIdByCode(app.db, me.id, request.params.friendId);
      if (friendId === null) throw new HttpError(403, CHAT_MESSAGES.notFriends);
      const q = request.query;
      const { rows, total } = await conversationPage(app.db, me.id, friendId, { pageNo: q.pageNo, pageSize: q.pageSize ?? CHAT_PAGE_SIZE });
      return { code: 200, message: 'ok', data: { chatHistory: rows }, totalRecords: total };
    },
  });
};

export default chatRoutes;
