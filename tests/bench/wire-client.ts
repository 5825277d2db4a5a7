/**
 * The load generator's HTTP/1.1 client (open-load.ts): keep-alive connections to one server,
 * each request's bytes built once, each answer read only as far as its status and length.
 *
 * Why not node:http: on the machines the bench runs on (2 cores) the generator shares the
 * CPU with the server it measures, and node:http's client cost ~0.28 ms of CPU a request
 * (undici's Pool the same), a fifth of the feed mix's whole cost a request — CPU the server
 * would never lose to members, whose requests come from their own devices. This client
 * reads no header but the status line, Content-Length, Transfer-Encoding and Connection,
 * and keeps no body.
 */
import { connect, type Socket } from 'node:net';

export type WireRequest = {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
};
export type WireAnswer = { status: number; bytes: number };

const CRLF2 = Buffer.from('\r\n\r\n');

/** A request's bytes as sent: the request line, Host, the headers, Content-Length for a body. */
export function requestBytes(host: string, r: WireRequest): Buffer {
  const body = r.body === undefined ? undefined : Buffer.from(r.body);
  const lines = [`${r.method ?? 'GET'} ${r.path} HTTP/1.1`, `host: ${host}`];
  for (const [name, value] of Object.entries(r.headers ?? {})) lines.push(`${name}: ${value}`);
  if (body) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  return body ? Buffer.concat([head, body]) : head;
}

/**
 * Reads answers off one connection's bytes: `feed` each chunk as it comes; `onAnswer` is
 * called once per complete answer (status, body length). Content-Length, chunked bodies and
 * answers without a body (1xx, 204, 304) are understood; `close` says the server will end
 * the connection after this answer.
 */
export class AnswerReader {
  private head: Buffer = Buffer.alloc(0);
  private state: 'head' | 'body' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailer' = 'head';
  private left = 0;
  private status = 0;
  private bytes = 0;
  private line = '';
  private close = false;

  constructor(private readonly onAnswer: (a: WireAnswer & { close: boolean }) => void) {}

  feed(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'head') {
        this.head = this.head.length > 0 ? Buffer.concat([this.head, chunk.subarray(at)]) : chunk.subarray(at);
        const end = this.head.indexOf(CRLF2);
        if (end < 0) return;
        const consumed = end + 4 - (this.head.length - (chunk.length - at));
        this.startBody(this.head.subarray(0, end).toString('latin1'));
        this.head = Buffer.alloc(0);
        at += consumed;
        continue;
      }
      if (this.state === 'body' || this.state === 'chunk-data') {
        const take = Math.min(this.left, chunk.length - at);
        this.left -= take;
        this.bytes += take;
        at += take;
        if (this.left === 0) {
          if (this.state === 'body') this.done();
          else this.state = 'chunk-end';
        }
        continue;
      }
      // chunk-size, chunk-end and trailer are read a line at a time.
      const nl = chunk.indexOf(10, at);
      this.line += chunk.toString('latin1', at, nl < 0 ? chunk.length : nl + 1);
      if (nl < 0) return;
      at = nl + 1;
      const line = this.line.trim();
      this.line = '';
      if (this.state === 'chunk-end') this.state = 'chunk-size';
      else if (this.state === 'chunk-size') {
        this.left = parseInt(line.split(';')[0]!, 16);
        this.state = this.left === 0 ? 'trailer' : 'chunk-data';
      } else if (line === '') this.done();
    }
  }

  private startBody(head: string): void {
    const [statusLine, ...headers] = head.split('\r\n');
    this.status = Number(statusLine!.split(' ')[1]);
    this.bytes = 0;
    let length: number | undefined;
    let chunked = false;
    this.close = statusLine!.startsWith('HTTP/1.0');
    for (const h of headers) {
      const colon = h.indexOf(':');
      const name = h.slice(0, colon).trim().toLowerCase();
      const value = h
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = value.includes('chunked');
      else if (name === 'connection') this.close = value.includes('close');
    }
    const noBody = (this.status >= 100 && this.status < 200) || this.status === 204 || this.status === 304;
    if (noBody || (!chunked && (length ?? 0) === 0)) {
      if (!noBody && length === undefined && !chunked) throw new Error('an answer without a length: not supported');
      this.done();
    } else if (chunked) this.state = 'chunk-size';
    else {
      this.left = length!;
      this.state = 'body';
    }
  }

  private done(): void {
    this.state = 'head';
    this.onAnswer({
      status: this.status,
      bytes: this.bytes,
      close: this.close,
    });
  }
}

type Pending = { resolve: (a: WireAnswer) => void; reject: (e: Error) => void };

/** One keep-alive connection: one request at a time (no pipelining). */
class Connection {
  readonly socket: Socket;
  private pending: Pending | null = null;
  dead = false;

  /** `onFree`: it may take the next request; `onGone`: it is closed and takes no more (called once). */
  constructor(
    port: number,
    hostname: string,
    onFree: (c: Connection) => void,
    private readonly onGone: (c: Connection) => void,
  ) {
    this.socket = connect({ port, host: hostname, noDelay: true });
    const reader = new AnswerReader((a) => {
      const p = this.pending!;
      this.pending = null;
      if (a.close) this.kill();
      p.resolve({ status: a.status, bytes: a.bytes });
      if (this.dead) this.onGone(this);
      else onFree(this);
    });
    this.socket.on('data', (chunk: Buffer) => {
      try {
        reader.feed(chunk);
      } catch (err) {
        this.fail(err as Error);
      }
    });
    this.socket.on('error', (err) => this.fail(err));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  send(bytes: Buffer, pending: Pending): void {
    this.pending = pending;
    this.socket.write(bytes);
  }

  kill(): void {
    this.dead = true;
    this.socket.destroy();
  }

  fail(err: Error): void {
    if (this.dead && !this.pending) return;
    this.kill();
    const p = this.pending;
    this.pending = null;
    p?.reject(err);
    this.onGone(this);
  }
}

/** Keep-alive connections to `url`, opened as needed (up to `max`), requests waiting for one when all are busy. */
export function wirePool(url: string, max: number) {
  const target = new URL(url);
  if (target.protocol !== 'http:') throw new Error(`wirePool speaks plain HTTP/1.1 only, not ${target.protocol}`);
  // `host` carries the port only when it is not 80, as URL.host has it; an address without one means 80.
  const { hostname, host } = target;
  const port = Number(target.port || 80);
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  const waiting: (() => void)[] = [];
  const onFree = (c: Connection) => {
    idle.push(c);
    waiting.shift()?.();
  };
  // A request waiting for a connection gets a new one in the closed one's place.
  const onGone = (c: Connection) => {
    all.delete(c);
    waiting.shift()?.();
  };
  const connection = (): Connection | undefined => {
    // An idle connection the server closed is gone from `all` already; its place in `idle` is dropped here.
    while (idle.length > 0) {
      const c = idle.pop()!;
      if (!c.dead) return c;
    }
    if (all.size >= max) return undefined;
    const c = new Connection(port, hostname, onFree, onGone);
    all.add(c);
    return c;
  };
  return {
    /** The request's bytes, built once (requestBytes) for this pool's host. */
    bytesOf: (r: WireRequest) => requestBytes(host, r),
    request(bytes: Buffer, timeoutMs: number): Promise<WireAnswer> {
      return new Promise<WireAnswer>((resolve, reject) => {
        const go = () => {
          const c = connection();
          if (!c) return void waiting.push(go);
          const timer = setTimeout(() => c.fail(new Error('timeout')), timeoutMs);
          c.send(bytes, {
            resolve: (a) => {
              clearTimeout(timer);
              resolve(a);
            },
            reject: (e) => {
              clearTimeout(timer);
              reject(e);
            },
          });
        };
        go();
      });
    },
    close(): void {
      for (const c of all) c.kill();
      all.clear();
    },
  };
}
