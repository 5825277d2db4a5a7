/**
 * A real telex socket for tests and benchmarks (the `ws` package that ships with
 * @fastify/websocket): opens, answers the session id with the login frame, waits for
 * `ready`, and lets a test wait for the next frame matching a predicate.
 */
import { v7 as uuidv7 } from 'uuid';
import { WebSocket } from 'ws';
import { CHAT_SOCKET_PATH, type ChatServerFrame } from '../../src/contract/chat';
import { FRIEND_PATHS } from '../../src/contract/friends';

type Frame = ChatServerFrame;
type Waiter = { match: (f: Frame) => boolean; resolve: (f: Frame) => void };
export type TelexLogin = { userCode: string; token: string };

export class TelexClient {
  /** Frames received and not yet taken by `next`. */
  readonly inbox: Frame[] = [];
  private waiters: Waiter[] = [];
  closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      const i = this.waiters.findIndex((w) => w.match(frame));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(frame);
      else this.inbox.push(frame);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Connected but not logged in: the first frame (`session`) is still in the inbox. */
  static async connect(baseUrl: string): Promise<TelexClient> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${CHAT_SOCKET_PATH}`);
    const client = new TelexClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  /** Connected and logged in as `member` (the snapshot frames after `ready` stay in the inbox). */
  static async open(baseUrl: string, member: TelexLogin): Promise<TelexClient> {
    const client = await TelexClient.connect(baseUrl);
    const session = await client.next((f) => f.type === 'session');
    if (session.type !== 'session') throw new Error('no session');
    client.send({ type: 'login', userName: member.userCode, userId: member.userCode, dest: '/telex', sessionId: session.sessionId, token: member.token });
    await client.next((f) => f.type === 'ready' || f.type === 'error');
    return client;
  }

  /** The next frame matching `match` (already received or still to come). */
  next<T extends Frame = Frame>(match: (f: Frame) => boolean, timeoutMs = 5000): Promise<T> {
    const i = this.inbox.findIndex(match);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0] as T);
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f as T);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no matching frame within ${timeoutMs} ms; inbox: ${JSON.stringify(this.inbox)}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  send(frame: object): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** Sends a telex; answers its id. */
  telex(recvId: string, body: string, id: string = uuidv7()): string {
    this.send({ type: 'message', id, recvId, body, recvIsGroup: false });
    return id;
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close();
    await this.closed;
  }
}

/** Makes `a` and `b` billionetts through the real calls (request, accept). */
export async function befriend(api: string, a: TelexLogin, b: TelexLogin): Promise<void> {
  const call = async (method: string, path: string, token: string) => {
    const res = await fetch(`${api}/${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };
  await call('PUT', FRIEND_PATHS.suggestionAccept(b.userCode), a.token);
  await call('POST', FRIEND_PATHS.requestAccept(a.userCode), b.token);
}
