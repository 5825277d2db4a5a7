import { z } from 'zod';
import { callClientFrames, callLine, callServerFrames } from './calls';
import { API_BASE, PAGE_SIZE } from './codes';
import { pageQuery } from './envelope';
import { gender } from './user';

/**
 * Telex (spec/calls.md "Chat", spec/product.md 2.12): three reads over HTTP and one
 * WebSocket for everything live. Times are ISO 8601 strings of the SERVER clock.
 *
 * Socket protocol (one JSON object per text frame, `type` discriminates):
 * 1. Client opens `CHAT_SOCKET_PATH` (no auth header: browsers cannot set one).
 * 2. Server sends `{type:'session', sessionId}`.
 * 3. Client answers `{type:'login', …, sessionId, token}` (token = the bearer access token).
 *    Server answers `{type:'ready', userCode, time}`, then one `presence` frame per
 *    billionett online now, then every message still undelivered to this member (oldest
 *    first, at most CHAT_BACKLOG_MAX) as `message` frames. A bad login gets an `error`
 *    frame and the socket is closed with CHAT_CLOSE.unauthorized (sign in again; do not retry).
 * 4. Client sends `message` frames (only after `ready`); each is answered by `ack`
 *    (same id, server time, current status) or by `error` carrying that id. Resending the
 *    same id is safe: it is stored once and re-acknowledged with the stored time.
 * 5. Client confirms frames it stored with `delivered` and what the member saw with `read`;
 *    the original sender gets `status` frames wherever they are connected.
 * Frames before `ready` other than `login` get `error` code 'unauthorized'.
 */
export const CHAT_PATHS = {
  /** data.onlineFriends: every billionett with isOnline, latest chat first then by name (sort online-first on screen; presence frames keep it live); totalRecords. Size 100. */
  friends: 'chat/friends',
  /** data.chatHistory: conversations, latest first; totalRecords. Size 100. */
  history: 'chat/history',
  /** data.chatHistory: messages with one billionett, NEWEST PAGE FIRST and newest first within a page; totalRecords. Size 50. */
  conversation: (friendId: string) => `chat/history/${encodeURIComponent(friendId)}`,
  /** WebSocket (GET upgraded) under API_BASE. */
  socket: 'chat/socket',
} as const;
/** Full path of the socket: ws(s)://<host>${CHAT_SOCKET_PATH}. */
export const CHAT_SOCKET_PATH = `${API_BASE}/${CHAT_PATHS.socket}`;

export const CHAT_LIST_SIZE = PAGE_SIZE.chatLists;
export const CHAT_PAGE_SIZE = PAGE_SIZE.chat;
/** Longest message body in characters (after trimming). */
export const CHAT_BODY_MAX = 2000;
/** Per connection: at most `messages` message frames in any `windowMs`; more get error 'slowDown'. */
export const CHAT_RATE = { messages: 20, windowMs: 5000 } as const;
/** Bigger frames close the socket (WebSocket close 1009). */
export const CHAT_FRAME_MAX_BYTES = 16 * 1024;
/** Most ids in one delivered/read/status frame. */
export const CHAT_IDS_MAX = 500;
/** Undelivered messages replayed after login. */
export const CHAT_BACKLOG_MAX = 500;
/** A socket that does not log in within this time is closed (CHAT_CLOSE.loginTimeout). */
export const CHAT_LOGIN_TIMEOUT_MS = 10_000;
/** The server pings every socket this often and drops one that missed a pong. */
export const CHAT_HEARTBEAT_MS = 30_000;
/**
 * WebSocket close codes the server uses. unauthorized: do not reconnect, sign in again; ANY
 * other close (1005, 1006, 1012, 4408, …): reconnect with backoff. serviceRestart (1012) is
 * a process stopping (a deploy's drain, a restart): the next connection finds another one.
 */
export const CHAT_CLOSE = { unauthorized: 4401, loginTimeout: 4408, serviceRestart: 1012 } as const;

/** Spec sentences. */
export const CHAT_MESSAGES = {
  notFriends: 'Only billionetts can telex each other.',
  slowDown: 'Slow down',
  tooLong: `A telex can be at most ${CHAT_BODY_MAX} characters.`,
  empty: 'Write something first.',
  malformed: 'That frame could not be read.',
  unauthorized: 'Please sign in again.',
  duplicateId: 'That message id is already taken.',
  server: 'Something went wrong. Please try again.',
} as const;

export const chatStatus = z.enum(['sent', 'delivered', 'read']);
export type ChatStatus = z.infer<typeof chatStatus>;

/** A client-generated message id: a UUID (v7 recommended: time-ordered). */
export const chatMessageId = z.uuid();

/** One message (HTTP history rows and the socket `message` frame without `type`). */
export const chatMessage = z.object({
  id: z.string(),
  /** userCode of the author. */
  sender: z.string(),
  body: z.string(),
  /** Server time it was stored. */
  time: z.string(),
  status: chatStatus,
  /** userCode of the receiver. */
  recvId: z.string(),
  recvIsGroup: z.boolean(),
  /** Set when the message is a call's line (contract/calls.ts); `body` then holds its words. */
  call: callLine.optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

const chatCard = z.object({
  userCode: z.string(),
  displayName: z.string(),
  planName: z.string(),
  professionName: z.string(),
  profileDp: z.string().nullable(),
  gender,
});

/** A row of chat/friends. lastChatTime: latest message either way, null when none. */
export const chatFriend = chatCard.extend({ isOnline: z.boolean(), lastChatTime: z.string().nullable() });
export type ChatFriend = z.infer<typeof chatFriend>;
export const chatFriendsData = z.object({ onlineFriends: z.array(chatFriend) });

/** A row of chat/history: one conversation. unread = their messages I have not read. */
export const chatConversation = chatCard.extend({
  isOnline: z.boolean(),
  lastMessage: chatMessage,
  lastChatTime: z.string(),
  unread: z.number().int(),
});
export type ChatConversation = z.infer<typeof chatConversation>;
export const chatHistoryData = z.object({ chatHistory: z.array(chatConversation) });
export const chatConversationData = z.object({ chatHistory: z.array(chatMessage) });

export const chatListQuery = pageQuery;
export const chatFriendParams = z.object({ friendId: z.string().min(1).max(40) });

// ---- Socket frames: client → server ----

export const chatLoginFrame = z.object({
  type: z.literal('login'),
  /** Spec fields; userId must be the token's userCode, sessionId the one just received. */
  userName: z.string().max(254),
  userId: z.string().min(1).max(40),
  dest: z.string().max(200),
  sessionId: z.string().min(1).max(100),
  token: z.string().min(1).max(4096),
});
export const chatSendFrame = z.object({
  type: z.literal('message'),
  id: chatMessageId,
  recvId: z.string().min(1).max(40),
  /** Stored as sent. Blank after trim → error 'empty'; longer than CHAT_BODY_MAX characters → 'tooLong'. */
  body: z.string().max(CHAT_BODY_MAX * 2),
  recvIsGroup: z.literal(false),
});
const idList = z.array(z.string().min(1).max(64)).min(1).max(CHAT_IDS_MAX);
/** The receiver stored these messages (sent → delivered). */
export const chatDeliveredFrame = z.object({ type: z.literal('delivered'), ids: idList });
/** The receiver saw these messages (→ read, implies delivered). */
export const chatReadFrame = z.object({ type: z.literal('read'), ids: idList });
/** App-level keepalive (browsers cannot see protocol pings): answered by `pong`. */
export const chatPingFrame = z.object({ type: z.literal('ping') });

export const chatClientFrame = z.discriminatedUnion('type', [chatLoginFrame, chatSendFrame, chatDeliveredFrame, chatReadFrame, chatPingFrame, ...callClientFrames]);
export type ChatClientFrame = z.infer<typeof chatClientFrame>;

// ---- Socket frames: server → client ----

export const chatSessionFrame = z.object({ type: z.literal('session'), sessionId: z.string() });
/** Whether the server can carry telex live between its processes right now. */
export const chatLinkState = z.enum(['up', 'down']);
export type ChatLinkState = z.infer<typeof chatLinkState>;
/** `link` is 'down' when this process cannot reach the others (absent: 'up'). */
export const chatReadyFrame = z.object({ type: z.literal('ready'), userCode: z.string(), time: z.string(), link: chatLinkState.optional() });
/**
 * The live link changed after `ready`: 'down' while the server's bus (Redis) is away. Sends
 * are still stored and acknowledged; what others send arrives when the link is 'up' again
 * (and what was missed with the next login's backlog).
 */
export const chatLinkFrame = z.object({ type: z.literal('link'), state: chatLinkState });
/** The send with this id is stored; `time` is the stored server time (the same on every repeat). */
export const chatAckFrame = z.object({ type: z.literal('ack'), id: z.string(), time: z.string(), status: chatStatus });
/** A message to me, or one I sent from another tab/device (sender = me). */
export const chatMessageFrame = chatMessage.extend({ type: z.literal('message') });
/** Messages moved to `status` at `time` (sent to their sender, and to the reader's other sockets). */
export const chatStatusFrame = z.object({
  type: z.literal('status'),
  ids: z.array(z.string()),
  status: z.enum(['delivered', 'read']),
  time: z.string(),
});
/** State, not an event: the same state may arrive twice (snapshot and announcement); apply the latest. */
export const chatPresenceFrame = z.object({ type: z.literal('presence'), userCode: z.string(), isOnline: z.boolean() });
/** callsOff, inCall and noCall answer call frames (contract/calls.ts; `id` is the callId). */
export const chatErrorCode = z.enum(['malformed', 'unauthorized', 'notFriends', 'tooLong', 'empty', 'slowDown', 'duplicateId', 'server', 'callsOff', 'inCall', 'noCall']);
export type ChatErrorCode = z.infer<typeof chatErrorCode>;
/**
 * `id` is set when the error answers a `message` frame. Final for that id (do not resend):
 * notFriends, tooLong, empty, duplicateId, malformed. Retry later: slowDown, server.
 */
export const chatErrorFrame = z.object({ type: z.literal('error'), code: chatErrorCode, message: z.string(), id: z.string().optional() });
export const chatPongFrame = z.object({ type: z.literal('pong') });
/** Not telex: the member has new (or newly read) bulletins — pull them (issue 16). */
export const chatBulletinsFrame = z.object({ type: z.literal('bulletins') });

export const chatServerFrame = z.discriminatedUnion('type', [
  chatSessionFrame,
  chatReadyFrame,
  chatAckFrame,
  chatMessageFrame,
  chatStatusFrame,
  chatPresenceFrame,
  chatErrorFrame,
  chatPongFrame,
  chatBulletinsFrame,
  chatLinkFrame,
  ...callServerFrames,
]);
export type ChatServerFrame = z.infer<typeof chatServerFrame>;
export type ChatErrorFrame = z.infer<typeof chatErrorFrame>;
