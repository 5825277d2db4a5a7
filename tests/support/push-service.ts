/**
 * A push service on 127.0.0.1 for tests: it hands out subscriptions the way a browser's
 * PushManager does (a P-256 key pair and an auth secret per device), checks each push's
 * VAPID signature (RFC 8292) and decrypts its payload (RFC 8291, aes128gcm, RFC 8188) with
 * node:crypto alone — an implementation independent of the `web-push` library that sent it.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export type Received = { device: string; payload: Record<string, unknown>; vapidKey: string; ttl: string | undefined; at: number };
export type Device = { id: string; subscription: { endpoint: string; keys: { p256dh: string; auth: string } } };

const b64url = (b: Buffer) => b.toString('base64url');

function decrypt(body: Buffer, ua: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (record.length > rs) throw new Error('one record expected');
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record's plaintext ends with 0x02 then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: an ES256 JWT for this origin, signed by k. */
function checkVapid(header: string | undefined, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const { aud, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number };
  if (aud !== origin) throw new Error(`VAPID audience ${aud} is not ${origin}`);
  if (exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return k;
}

export class PushService {
  readonly received: Received[] = [];
  readonly errors: string[] = [];
  /** The status each device answers with next (default 201). */
  readonly answer = new Map<string, number>();
  /** How long the next push to a device is held before it is taken (ms): a slow delivery. */
  readonly holdNext = new Map<string, number>();
  private readonly devices = new Map<string, { ua: ECDH; auth: Buffer }>();

  private constructor(
    private readonly server: Server | TlsServer,
    readonly origin: string,
  ) {}

  /**
   * On 127.0.0.1 over http by default. `tls` and `host` make it look like a real push service
   * (https:, an address that is not loopback) to servers that accept only those (the
   * topology suite's production hosts).
   */
  static async start(options: { host?: string; tls?: { key: string; cert: string } } = {}): Promise<PushService> {
    let self: PushService | undefined;
    const onRequest = (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => self!.handle(req.url ?? '', req.headers, Buffer.concat(chunks), (status) => res.writeHead(status).end()));
    };
    const server = options.tls ? createTlsServer(options.tls, onRequest) : createServer(onRequest);
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    const { port } = server.address() as AddressInfo;
    self = new PushService(server, `${options.tls ? 'https' : 'http'}://${host}:${port}`);
    return self;
  }

  /** A new device: what PushSubscription.toJSON() would give the app. */
  device(): Device {
    const id = randomBytes(8).toString('hex');
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const auth = randomBytes(16);
    this.devices.set(id, { ua, auth });
    return { id, subscription: { endpoint: `${this.origin}/push/${id}`, keys: { p256dh: b64url(ua.getPublicKey()), auth: b64url(auth) } } };
  }

  for(device: Device): Received[] {
    return this.received.filter((r) => r.device === device.id);
  }

  private handle(url: string, headers: Record<string, string | string[] | undefined>, body: Buffer, reply: (status: number) => void): void {
    const id = url.replace(/^\/push\//, '');
    const hold = this.holdNext.get(id);
    if (hold !== undefined) {
      this.holdNext.delete(id);
      setTimeout(() => this.handle(url, headers, body, reply), hold);
      return;
    }
    const device = this.devices.get(id);
    if (!device) return reply(404);
    const status = this.answer.get(id) ?? 201;
    if (status >= 300) return reply(status);
    try {
      if (headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${String(headers['content-encoding'])}`);
      const vapidKey = checkVapid(headers.authorization as string | undefined, this.origin);
      const payload = JSON.parse(decrypt(body, device.ua, device.auth).toString('utf8')) as Record<string, unknown>;
      this.received.push({ device: id, payload, vapidKey, ttl: headers.ttl as string | undefined, at: performance.now() });
      reply(201);
    } catch (err) {
      this.errors.push((err as Error).message);
      reply(400);
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
