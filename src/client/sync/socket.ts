/**
 * The telex socket (spec/product.md §4 "Chat socket", contract/chat.ts protocol),
 * living in the sync worker like every other network door.
 *
 * - Connected only while a member is signed in; `connect(member)` follows the session
 *   (a new token reconnects), `stop()` closes for good (sign-out, checkout, 401).
 * - On `session` it sends the login frame with the bearer token; `ready` means logged
 *   in: the backoff resets and the outbox is kicked, so queued messages go out in order.
 * - A close (or a dead connection found by the keepalive, or the `offline` event) retries
 *   after 250 ms doubling to 10 s; `kick()` (the `online` event) reconnects at once.
 *   Close 4401 means the token is no longer accepted: the session ends, no retry.
 * - Incoming frames go to socket-inbox.ts (Dexie); acks and errors of sends to socket-acks.ts.
 */
import { BACKOFF_CAP_MS, BACKOFF_START_MS } from '../../contract/codes';
import type { CallClientFrame } from '../../contract/calls';
import { CHAT_CLOSE, CHAT_PATHS, chatServerFrame, type ChatClientFrame } from '../../contract/chat';
import type { CallSignal } from './api';
import { mutations } from '../../contract/mutations';
import { backoffDelay } from '../../lib/backoff';
import { unlessCheckedOut, type OutboxItem } from '../store/db';
import { setTelexLink } from '../store/chat';
import { needsRenewal } from './renewal';
import { sameSession } from './session';
import { createAcks } from './socket-acks';
import { createInbox } from './socket-inbox';
import type { Member, SyncContext } from './context';
import type { HttpResult } from './http';

export type ChatSocketOptions = {
  /** ws(s)://host/api/v1/chat/socket */
  url: string;
  ctx: SyncContext;
  /** Logged in: deliver the queued messages now. */
  onReady(): void;
  /** The server says the member has new (or newly read) bulletins. */
  onBulletins?(): void;
  /** A call's frame (call-signals.ts), an error frame that may answer one, or the socket's close and login. */
  onCall?(signal: CallSignal): void;
  WebSocketImpl?: typeof WebSocket;
  /** How long a send waits for its ack before it counts as lost (then resent, same id). */
  ackTimeoutMs?: number;
  /** App-level ping period; a ping unanswered by the next one drops the connection. */
  pingMs?: number;
};

export type ChatSocket = {
  connect(member: Member): void;
  stop(): void;
  /** Reconnect now if disconnected (the network came back). */
  kick(): void;
  /** The network is gone: drop the connection instead of waiting for TCP to notice. */
  lost(): void;
  ready(): boolean;
  /** Deliver one 'telex.send' outbox item; answers like an HTTP call (see replay.ts). */
  send(member: Member, item: OutboxItem): Promise<HttpResult<unknown>>;
  openChat(peer: string): Promise<void>;
  closeChat(): void;
  /** One call frame out now (never queued: a call is live or it is nothing); false when not logged in. */
  sendCall(frame: CallClientFrame): boolean;
};

const NOT_CONNECTED: HttpResult<unknown> = { kind: 'retryable', status: 0, message: 'Not connected to telex.', offline: false };

export function createChatSocket(options: ChatSocketOptions): ChatSocket {
  const { ctx } = options;
  const Impl = options.WebSocketImpl ?? globalThis.WebSocket;
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const pingMs = options.pingMs ?? 20_000;
  const acks = createAcks();
  const inbox = createInbox((type, ids) => put({ type, ids }));

  let member: Member | null = null;
  let ws: WebSocket | null = null;
  let isReady = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let answered = true;
  /** The member whose token the current connection logged in with. */
  let loggedInAs: Member | null = null;
  /** A refused login renews the token once; the next refusal ends the session. */
  let renewedAfterRefusal = false;

  function put(frame: ChatClientFrame): boolean {
    if (!ws || ws.readyState !== Impl.OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }

  function open(): void {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (ws || !member) return;
    const socket = new Impl(options.url);
    const who = member;
    ws = socket;
    isReady = false;
    loggedInAs = null;
    socket.addEventListener('message', (event) => {
      if (ws === socket) void onFrame(who, socket, event.data).catch(unlessCheckedOut);
    });
    socket.addEventListener('close', (event) => {
      if (ws === socket) closed(event.code);
    });
    // An error is always followed by close; nothing to do here but not throw.
    socket.addEventListener('error', () => undefined);
  }

  /** The connection is gone (closed, or dropped by us): fail the waits, retry later. */
  function closed(code?: number): void {
    const socket = ws;
    ws = null;
    // An answered call's page starts its resume wait (contract/calls.ts, CALL_RESUME_MS).
    if (isReady) options.onCall?.({ type: 'socket.closed' });
    isReady = false;
    clearInterval(pingTimer);
    acks.closed();
    if (socket && socket.readyState !== Impl.CLOSED && socket.readyState !== Impl.CLOSING) socket.close();
    if (code === CHAT_CLOSE.unauthorized) {
      const refused = loggedInAs ?? member;
      member = null;
      // The token may have ended while the device slept: renew once and try again. A
      // session ended on the server is refused its renewal too, and ends here (renew).
      if (refused?.session.refreshToken && !renewedAfterRefusal) {
        renewedAfterRefusal = true;
        void ctx.renew(refused).then((next) => {
          if (next === null) return;
          member = next === 'offline' ? refused : next;
          retryTimer = setTimeout(open, backoffDelay(attempt++, BACKOFF_START_MS, BACKOFF_CAP_MS));
        });
        return;
      }
      const now = ctx.member();
      if (refused && now && sameSession(now.session, refused.session)) void ctx.sessionEnded();
      return;
    }
    if (!member) return;
    retryTimer = setTimeout(open, backoffDelay(attempt++, BACKOFF_START_MS, BACKOFF_CAP_MS));
  }

  function keepalive(): void {
    answered = true;
    clearInterval(pingTimer);
    pingTimer = setInterval(() => {
      if (!answered) return closed();
      answered = false;
      put({ type: 'ping' });
    }, pingMs);
  }

  async function onFrame(who: Member, socket: WebSocket, data: unknown): Promise<void> {
    answered = true;
    let parsed;
    try {
      parsed = chatServerFrame.safeParse(JSON.parse(String(data)));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const frame = parsed.data;
    switch (frame.type) {
      case 'session': {
        // A token about to end is renewed before it logs in (the server would refuse it).
        let login = who;
        if (needsRenewal(who.session)) {
          const renewed = await ctx.renew(who);
          if (renewed === null) return;
          if (renewed !== 'offline') login = renewed;
        }
        if (ws !== socket) return;
        loggedInAs = login;
        const { session } = login;
        socket.send(
          JSON.stringify({
            type: 'login',
            userName: session.username,
            userId: session.id,
            dest: CHAT_PATHS.socket,
            sessionId: frame.sessionId,
            token: session.accessToken,
          } satisfies ChatClientFrame),
        );
        return;
      }
      case 'ready':
        isReady = true;
        attempt = 0;
        renewedAfterRefusal = false;
        keepalive();
        // Before anything else is written, so a 'link' frame right after lands on top of it.
        void setTelexLink(who.db, frame.link ?? 'up').catch(unlessCheckedOut);
        options.onReady();
        options.onCall?.({ type: 'socket.ready' });
        await inbox.readOpenChat(who);
        return;
      case 'ack':
        // A late ack (its wait timed out) still tells the row it is stored; the resend completes the item.
        if (!acks.ack(frame)) await lateAck(who, frame.id, frame.time);
        return;
      case 'error':
        if (frame.id) acks.error({ ...frame, id: frame.id });
        // Its id may be a call's (refused ring, a frame of a call that ended).
        if (frame.id) options.onCall?.(frame);
        return;
      case 'message':
        return inbox.message(who, frame);
      case 'status':
        return inbox.status(who, frame);
      case 'presence':
        return inbox.presence(who, frame);
      case 'pong':
        return;
      case 'bulletins':
        options.onBulletins?.();
        return;
      case 'link':
        return setTelexLink(who.db, frame.state);
      default:
        // call.*: live signalling, for the page that holds the call.
        options.onCall?.(frame);
    }
  }

  async function lateAck(who: Member, id: string, time: string): Promise<void> {
    const row = await who.db.chatMessages.get(id);
    if (row?.status === 'pending') await who.db.chatMessages.update(id, { status: 'sent', time });
  }

  return {
    connect(next) {
      // A renewed token is the same session: the open socket stays logged in.
      const same = member !== null && sameSession(member.session, next.session);
      member = next;
      if (same && (ws || retryTimer)) return;
      if (ws) closed();
      attempt = 0;
      open();
    },
    stop() {
      member = null;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      if (ws) closed();
    },
    kick() {
      attempt = 0;
      if (!ws && member) open();
    },
    lost() {
      if (ws) closed();
    },
    ready: () => isReady,
    async send(_member, item) {
      const def = mutations[item.kind];
      if (!isReady || def.transport !== 'socket') return NOT_CONNECTED;
      const frame = def.frame(item.payload as never) as { id: string };
      const answer = acks.wait(frame.id, ackTimeoutMs);
      if (!put(frame as ChatClientFrame)) {
        acks.closed();
        return NOT_CONNECTED;
      }
      return answer;
    },
    async openChat(peer) {
      inbox.setOpenPeer(peer);
      if (member) await inbox.readOpenChat(member);
    },
    closeChat() {
      inbox.setOpenPeer(null);
    },
    sendCall(frame) {
      return isReady && put(frame as ChatClientFrame);
    },
  };
}
