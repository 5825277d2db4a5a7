/**
 * The telex socket's lifecycle (protocol in src/contract/chat.ts): session id on connect,
 * login by bearer token within CHAT_LOGIN_TIMEOUT_MS, heartbeat pings that drop dead
 * sockets, and one parser that answers anything unreadable with an error frame. Nothing a
 * client sends can throw out of here: every handler is caught and answered.
 */
import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  CHAT_CLOSE,
  CHAT_HEARTBEAT_MS,
  CHAT_LOGIN_TIMEOUT_MS,
  CHAT_MESSAGES,
  CHAT_RATE,
  CHAT_FRAME_MAX_BYTES,
  CHAT_SOCKET_PATH,
  chatClientFrame,
  type ChatClientFrame,
} from '../../contract/chat';
import { whenDraining } from '../drain';
import { memberFromToken } from '../plugins/auth';
import { RETRY_AFTER_SECONDS, sendError, UNAVAILABLE_MESSAGE } from '../plugins/errors';
import { friendCodes } from '../domain/chat/repo';
import { handleMarks, handleSend, sendLoginSnapshot, type TelexContext } from './telex';
import { createHub, errorFrame, send, type Conn, type Hub } from './hub';
import { createCalls, type Calls } from './calls';
import { callPushes, type CallPushes } from '../push/call-push';
import { createMemoryCallStore, createRedisCallStore } from './call-store';
import { createRedisClient } from './bus';
import { redisAt } from '../redis';

export type SocketOptions = {
  /** Message frames allowed per window per socket; false turns the limit off (benchmarks). */
  rate?: { messages: number; windowMs: number } | false;
  heartbeatMs?: number;
  loginTimeoutMs?: number;
  /** How long a call rings before it is missed (contract/calls.ts CALL_RING_MS). */
  callRingMs?: number;
  /** How long an answered call waits for a dropped device (contract/calls.ts CALL_RESUME_MS). */
  callResumeMs?: number;
  /** How often this host sweeps for rings whose host died (calls.ts; false: only `app.calls.sweep()`). */
  callSweepMs?: number | false;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's telex hub (presence for the chat reads). */
    telex: Hub;
    /** Sessions that just ended: their telex sockets close on every process, as a refused login would. */
    sessionsEnded(sessionIds: string[]): void;
    /** Call signalling (calls.ts): the HTTP decline and the ring sweep use it too. */
    calls: Calls;
  }
}

/**
 * Registers @fastify/websocket, the hub (Redis bus and presence when `redisUrl` is set)
 * and GET ${API_BASE}/chat/socket (public: the login frame authenticates).
 */
export async function setupRealtime(app: FastifyInstance, options: SocketOptions & { redisUrl?: string }): Promise<void> {
  const redis = options.redisUrl ? await redisAt(options.redisUrl) : undefined;
  const hub = createHub({ redis, log: app.log });
  app.decorate('telex', hub);
  app.decorate('sessionsEnded', (sessionIds: string[]) => hub.endSessions(sessionIds));
  hub.onSessionsEnded((ids) => {
    const ended = new Set(ids);
    for (const conn of hub.all) {
      if (!conn.sid || !ended.has(conn.sid)) continue;
      send(conn, errorFrame('unauthorized', CHAT_MESSAGES.unauthorized));
      void closeConn(conn, CHAT_CLOSE.unauthorized, 'Session ended');
    }
  });
  // Calls (realtime/calls.ts): their state is shared through Redis like presence.
  let pushes: CallPushes | undefined;
  const callStore = redis ? createRedisCallStore(createRedisClient(redis, app.log)) : createMemoryCallStore();
  const calls = createCalls({
    db: app.db,
    hub,
    store: callStore,
    log: app.log,
    ringMs: options.callRingMs,
    resumeMs: options.callResumeMs,
    rate: options.rate !== false,
    bulletins: () => (app.hasDecorator('bulletins') ? app.bulletins : undefined),
    // The bulletins' VAPID keys sign rings too; they are set up after the socket.
    pushes: () => (pushes ??= app.hasDecorator('bulletins') ? callPushes(app.db, app.bulletins.vapid, app.log) : undefined),
    sweepMs: options.callSweepMs,
  });
  app.decorate('calls', calls);
  app.addHook('onClose', async () => {
    calls.close();
    await callStore.close();
    await hub.close();
  });
  const ctx: TelexContext = {
    db: app.db,
    hub,
    log: app.log,
    rate: options.rate ?? CHAT_RATE,
    // Set up after the socket (they announce through its hub).
    bulletins: () => (app.hasDecorator('bulletins') ? app.bulletins : undefined),
  };
  const loginTimeoutMs = options.loginTimeoutMs ?? CHAT_LOGIN_TIMEOUT_MS;

  const heartbeat = setInterval(() => {
    for (const conn of hub.all) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      try {
        conn.ws.ping();
      } catch {
        conn.ws.terminate();
      }
    }
  }, options.heartbeatMs ?? CHAT_HEARTBEAT_MS);
  heartbeat.unref();

  /** Set when the app starts to close: no socket is taken from then on. */
  let stopping = false;
  await app.register(websocket, {
    options: { maxPayload: CHAT_FRAME_MAX_BYTES },
    // Ours, not the plugin's (which closes every socket without a code, before any hook of
    // ours runs): each socket is closed with 1012, on which the app reconnects, and its
    // presence settles while the database and bus are still open (onClose hooks close them).
    preClose: async function closeSockets(this: FastifyInstance) {
      stopping = true;
      clearInterval(heartbeat);
      await closeAll();
      this.websocketServer.close();
    },
  });
  // Every logged-in app hears when live delivery stops and starts again (Redis away, back).
  hub.bus.onLink((up) => {
    const frame = JSON.stringify({ type: 'link', state: up ? 'up' : 'down' });
    for (const conn of hub.all) if (conn.member) send(conn, frame);
  });
  // A drain (drain.ts) sends every member's app elsewhere at once, not after its grace.
  whenDraining(app, closeAll);

  async function closeAll(): Promise<void> {
    const leaving = [...hub.all].map((conn) => closeConn(conn, CHAT_CLOSE.serviceRestart, 'Service restart'));
    await Promise.allSettled([...leaving, ...dropping.values()]);
  }

  async function closeConn(conn: Conn, code: number, reason: string): Promise<void> {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.close(code, reason);
    await drop(conn);
  }

  /** Drops in flight, so shutdown waits for every one whichever path started it. */
  const dropping = new Map<Conn, Promise<void>>();
  /** Idempotent: the close event and shutdown may both get here. */
  function drop(conn: Conn): Promise<void> {
    const pending = dropping.get(conn);
    if (pending) return pending;
    if (!hub.all.delete(conn)) return Promise.resolve();
    const done = (async () => {
      try {
        await calls.dropped(conn);
        if (await hub.detach(conn)) await announce(conn, false);
      } catch (err) {
        app.log.warn({ err }, 'telex: presence on close failed');
      } finally {
        dropping.delete(conn);
      }
    })();
    dropping.set(conn, done);
    return done;
  }

  async function announce(conn: Conn, isOnline: boolean): Promise<void> {
    const { member } = conn;
    if (!member) return;
    const frame = JSON.stringify({ type: 'presence', userCode: member.userCode, isOnline });
    for (const code of await friendCodes(app.db, member.id)) hub.publish(code, frame);
  }

  async function login(conn: Conn, frame: Extract<ChatClientFrame, { type: 'login' }>): Promise<void> {
    if (conn.member) {
      send(conn, JSON.stringify({ type: 'ready', userCode: conn.member.userCode, time: new Date().toISOString() }));
      return;
    }
    const member = frame.sessionId === conn.sessionId ? await memberFromToken(app, frame.token) : null;
    if (!member || member.userCode !== frame.userId) {
      send(conn, errorFrame('unauthorized', CHAT_MESSAGES.unauthorized));
      await closeConn(conn, CHAT_CLOSE.unauthorized, 'Unauthorized');
      return;
    }
    if (!hub.all.has(conn)) return; // closed while the token was checked
    conn.member = { id: member.id, userCode: member.userCode };
    conn.sid = member.sessionId;
    const cameOnline = await hub.attach(conn);
    const link = hub.bus.isUp() ? {} : { link: 'down' };
    send(conn, JSON.stringify({ type: 'ready', userCode: member.userCode, time: new Date().toISOString(), ...link }));
    await sendLoginSnapshot(ctx, conn);
    await calls.greet(conn);
    if (cameOnline) await announce(conn, true);
  }

  async function handle(conn: Conn, data: RawData, isBinary: boolean): Promise<void> {
    let frame: ChatClientFrame;
    try {
      if (isBinary) throw new Error('binary');
      const parsed = chatClientFrame.safeParse(JSON.parse(data.toString()));
      if (!parsed.success) throw parsed.error;
      frame = parsed.data;
    } catch {
      send(conn, errorFrame('malformed', CHAT_MESSAGES.malformed));
      return;
    }
    conn.alive = true;
    if (frame.type === 'ping') return send(conn, '{"type":"pong"}');
    if (frame.type === 'login') return login(conn, frame);
    if (!conn.member) return send(conn, errorFrame('unauthorized', CHAT_MESSAGES.unauthorized, frame.type === 'message' ? frame.id : undefined));
    if (frame.type === 'message') return handleSend(ctx, conn, frame);
    if (frame.type === 'delivered' || frame.type === 'read') return handleMarks(ctx, conn, frame.ids, frame.type);
    return calls.handle(conn, frame);
  }

  // A stopping process takes no new socket (drain.ts): 503 before the upgrade, so the app
  // retries with its backoff and the balancer sends it elsewhere.
  const refuseWhileStopping = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (app.draining || stopping) return sendError(reply.header('retry-after', String(RETRY_AFTER_SECONDS)), 503, UNAVAILABLE_MESSAGE);
  };

  app.get(CHAT_SOCKET_PATH, { websocket: true, config: { access: 'anyone' }, schema: { hide: true }, onRequest: refuseWhileStopping }, (ws: WebSocket) => {
    const conn: Conn = { id: randomUUID(), ws, sessionId: randomUUID(), member: null, sid: null, alive: true, recent: [], callRecent: [], ringRecent: [], queue: Promise.resolve() };
    hub.all.add(conn);
    const loginTimer = setTimeout(() => {
      if (!conn.member) void closeConn(conn, CHAT_CLOSE.loginTimeout, 'Login timeout');
    }, loginTimeoutMs);
    loginTimer.unref();

    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('message', (data, isBinary) => {
      conn.queue = conn.queue
        .then(() => handle(conn, data, isBinary))
        .catch((err: unknown) => {
          app.log.error({ err }, 'telex: frame failed');
          send(conn, errorFrame('server', CHAT_MESSAGES.server));
        });
    });
    ws.on('error', (err) => app.log.warn({ err: err.message }, 'telex: socket error'));
    ws.on('close', () => {
      clearTimeout(loginTimer);
      void drop(conn);
    });
    send(conn, JSON.stringify({ type: 'session', sessionId: conn.sessionId }));
  });
}
