/**
 * What a logged-in telex socket does: send a message (store once, ack, fan out), confirm
 * delivered/read (push status to the sender wherever they are), and the snapshot after
 * login (friends online now, then every message still undelivered).
 */
import type { FastifyBaseLogger } from 'fastify';
import { CHAT_BACKLOG_MAX, CHAT_BODY_MAX, CHAT_MESSAGES, type ChatClientFrame } from '../../contract/chat';
import type { Db } from '../db/client';
import { writeBulletin } from '../domain/bulletins/create';
import { markTelexRead } from '../domain/bulletins/list';
import { friendCodes, markMessages, storeMessage, undelivered } from '../domain/chat/repo';
import { errorFrame, send, type Conn, type Hub } from './hub';

export type TelexContext = {
  db: Db;
  hub: Hub;
  log: FastifyBaseLogger;
  rate: { messages: number; windowMs: number } | false;
  /** Bulletins of this process (set once they are set up): new ones and their members. */
  bulletins: () => { wake(): void; announce(userIds: number[]): Promise<void> } | undefined;
};
type SendFrame = Extract<ChatClientFrame, { type: 'message' }>;

/** Sliding window over the last `messages` accepted sends of this socket. */
function allowed(conn: Conn, rate: TelexContext['rate']): boolean {
  if (!rate) return true;
  const now = Date.now();
  if (conn.recent.length >= rate.messages) {
    if (now - conn.recent[0]! < rate.windowMs) return false;
    conn.recent.shift();
  }
  conn.recent.push(now);
  return true;
}

export async function handleSend(ctx: TelexContext, conn: Conn, frame: SendFrame): Promise<void> {
  const me = conn.member!;
  const { id, recvId, body } = frame;
  if (!allowed(conn, ctx.rate)) return send(conn, errorFrame('slowDown', CHAT_MESSAGES.slowDown, id));
  if (body.trim() === '') return send(conn, errorFrame('empty', CHAT_MESSAGES.empty, id));
  if (body.length > CHAT_BODY_MAX) return send(conn, errorFrame('tooLong', CHAT_MESSAGES.tooLong, id));
  if (recvId === me.userCode) return send(conn, errorFrame('notFriends', CHAT_MESSAGES.notFriends, id));

  let outcome: Awaited<ReturnType<typeof storeMessage>>;
  try {
    outcome = await storeMessage(ctx.db, { id, senderId: me.id, recvCode: recvId, body });
  } catch (err) {
    ctx.log.error({ err }, 'telex: store failed');
    return send(conn, errorFrame('server', CHAT_MESSAGES.server, id));
  }
  if (outcome.kind === 'notFriends') return send(conn, errorFrame('notFriends', CHAT_MESSAGES.notFriends, id));
  if (outcome.kind === 'duplicateId') return send(conn, errorFrame('duplicateId', CHAT_MESSAGES.duplicateId, id));

  const status = outcome.kind === 'stored' ? 'sent' : outcome.status;
  // The ack goes first and straight to this socket: it is the latency the sender waits on.
  send(conn, `{"type":"ack","id":${JSON.stringify(id)},"time":"${outcome.time}","status":"${status}"}`);
  // A repeat that is still undelivered is offered again: the first fan-out may have been
  // lost with a process; the receiver keeps messages by id, so a second copy is harmless.
  if (outcome.kind === 'repeat' && status !== 'sent') return;
  const message = JSON.stringify({ type: 'message', id, sender: me.userCode, body, time: outcome.time, status, recvId, recvIsGroup: false });
  ctx.hub.publish(recvId, message);
  ctx.hub.publish(me.userCode, message, conn.id);
  if (outcome.kind === 'stored') await announceIfAway(ctx, me, recvId, outcome.recipientId);
}

/** A billionett with no open app hears of the message by a bulletin (and its push). */
async function announceIfAway(ctx: TelexContext, sender: { id: number; userCode: string }, recvCode: string, recipientId: number): Promise<void> {
  const online = await ctx.hub.presence.online([recvCode]);
  if (online.size > 0) return;
  const url = `/telex?with=${encodeURIComponent(sender.userCode)}`;
  try {
    if (await writeBulletin(ctx.db, { kind: 'telex', to: recipientId, from: sender.id, url })) ctx.bulletins()?.wake();
  } catch (err) {
    ctx.log.error({ err }, 'telex: bulletin failed');
  }
}

export async function handleMarks(ctx: TelexContext, conn: Conn, ids: string[], status: 'delivered' | 'read'): Promise<void> {
  const me = conn.member!;
  const { time, changes } = await markMessages(ctx.db, me.id, ids, status);
  if (changes.length === 0) return;
  for (const change of changes) ctx.hub.publish(change.senderCode, JSON.stringify({ type: 'status', ids: change.ids, status, time }));
  // My other tabs and devices update their unread counts too.
  const mine = changes.flatMap((c) => c.ids);
  ctx.hub.publish(me.userCode, JSON.stringify({ type: 'status', ids: mine, status, time }), conn.id);
  if (status === 'read') {
    await markTelexRead(ctx.db, me.id, changes.map((c) => c.senderCode));
    await ctx.bulletins()?.announce([me.id]);
  }
}

/** After `ready`: presence of billionetts online now, then the undelivered backlog, oldest first. */
export async function sendLoginSnapshot(ctx: TelexContext, conn: Conn): Promise<void> {
  const me = conn.member!;
  const friends = await friendCodes(ctx.db, me.id);
  const online = await ctx.hub.presence.online(friends);
  for (const code of online) send(conn, JSON.stringify({ type: 'presence', userCode: code, isOnline: true }));
  for (const message of await undelivered(ctx.db, me.id, CHAT_BACKLOG_MAX)) send(conn, JSON.stringify({ type: 'message', ...message }));
}
