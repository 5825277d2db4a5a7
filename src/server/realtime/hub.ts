/**
 * This process's telex hub: the logged-in sockets per member, the bus that carries frames
 * to whichever process holds a member, and presence. Frames are serialized once by the
 * publisher and written to sockets as-is (the hot path never re-encodes).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { ChatErrorCode } from '../../contract/chat';
import type { ConnectRedis } from '../redis';
import { createMemoryBus, createRedisBus, createRedisClient, type Bus } from './bus';
import { createMemoryPresence, createRedisPresence, type Presence } from './presence';

export type ChatMember = { id: number; userCode: string };

/** One socket. `member` is null until the login frame is accepted. */
export type Conn = {
  id: string;
  ws: WebSocket;
  sessionId: string;
  member: ChatMember | null;
  /** The session the login token belongs to (null: a token from before sessions). */
  sid: string | null;
  alive: boolean;
  /** Times of the last accepted message frames (rate limit window). */
  recent: number[];
  /** Times of the last call frames and of the last rings (realtime/calls.ts limits). */
  callRecent: number[];
  ringRecent: number[];
  /** Frames of one socket are handled one after another, so its messages keep their order. */
  queue: Promise<void>;
};

const CHANNEL = 'telex:m:';
/** Sessions ended (Checkout, ended from another device, a password reset): JSON array of ids. */
const SESSIONS_ENDED = 'telex:sessions-ended';
/** Payload on the bus: `<connection id to skip>|<frame JSON>`, or `=<the only connection id>|<frame JSON>`. */
const SEPARATOR = '|';
const ONLY = '=';

export type Hub = ReturnType<typeof createHub>;

export const errorFrame = (code: ChatErrorCode, message: string, id?: string) =>
  JSON.stringify(id === undefined ? { type: 'error', code, message } : { type: 'error', code, message, id });

export function send(conn: Conn, frame: string): void {
  if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(frame);
}

/** `redis`: connections to the Redis shared by the API processes (REDIS_URL); none for one process alone. */
export function createHub(options: { redis?: ConnectRedis; log: FastifyBaseLogger }) {
  const local = new Map<string, Set<Conn>>();
  const all = new Set<Conn>();
  const subscribed = new Map<string, Promise<void>>();

  const endedListeners: Array<(sessionIds: string[]) => void> = [];
  const deliver = (channel: string, payload: string) => {
    if (channel === SESSIONS_ENDED) {
      const ids = JSON.parse(payload) as string[];
      for (const listener of endedListeners) listener(ids);
      return;
    }
    const conns = local.get(channel.slice(CHANNEL.length));
    if (!conns) return;
    const cut = payload.indexOf(SEPARATOR);
    const skip = payload.slice(0, cut);
    const frame = payload.slice(cut + 1);
    // `=<id>`: for that one socket only (a call's signalling goes to its device).
    const only = skip.startsWith(ONLY) ? skip.slice(ONLY.length) : null;
    for (const conn of conns) if (only === null ? conn.id !== skip : conn.id === only) send(conn, frame);
  };

  const bus: Bus = options.redis ? createRedisBus(options.redis, deliver, options.log) : createMemoryBus(deliver);
  const presence: Presence = options.redis ? createRedisPresence(createRedisClient(options.redis, options.log)) : createMemoryPresence();
  bus.subscribe(SESSIONS_ENDED).catch((err: Error) => options.log.warn({ err: err.message }, 'telex: sessions-ended subscription failed'));

  return {
    bus,
    presence,
    /** Every open socket of this process, logged in or not (heartbeat, shutdown). */
    all,
    /** Sends `frame` to every socket of `userCode` on every process, except socket `skipId`. */
    publish(userCode: string, frame: string, skipId = ''): void {
      bus.publish(CHANNEL + userCode, skipId + SEPARATOR + frame);
    },
    /** Sends `frame` to the one socket `connId` of `userCode`, on whichever process holds it. */
    publishTo(userCode: string, connId: string, frame: string): void {
      bus.publish(CHANNEL + userCode, ONLY + connId + SEPARATOR + frame);
    },
    /** Every process closes the sockets of these sessions (as if their token were refused). */
    endSessions(sessionIds: string[]): void {
      if (sessionIds.length > 0) bus.publish(SESSIONS_ENDED, JSON.stringify(sessionIds));
    },
    onSessionsEnded(listener: (sessionIds: string[]) => void): void {
      endedListeners.push(listener);
    },
    /** A logged-in socket joins; resolves once the bus delivers to it. True: the member just came online. */
    async attach(conn: Conn): Promise<boolean> {
      const member = conn.member!;
      let conns = local.get(member.userCode);
      if (!conns) {
        conns = new Set();
        local.set(member.userCode, conns);
        subscribed.set(member.userCode, bus.subscribe(CHANNEL + member.userCode));
      }
      conns.add(conn);
      // A second socket of the member also waits for the first one's subscription. While
      // the bus is down it would wait for Redis: the socket is let in at once, told the
      // link is down, and the subscription completes when Redis is back.
      const subscription = subscribed.get(member.userCode)!;
      if (bus.isUp()) await subscription;
      else subscription.catch(() => undefined);
      return presence.join(member.userCode);
    },
    /** True: the member just went offline everywhere. */
    async detach(conn: Conn): Promise<boolean> {
      const member = conn.member;
      if (!member) return false;
      const conns = local.get(member.userCode);
      if (!conns?.delete(conn)) return false;
      if (conns.size === 0) {
        local.delete(member.userCode);
        subscribed.delete(member.userCode);
        await bus.unsubscribe(CHANNEL + member.userCode).catch(() => {});
      }
      return presence.leave(member.userCode);
    },
    async close(): Promise<void> {
      await presence.close();
      await bus.close();
    },
  };
}
