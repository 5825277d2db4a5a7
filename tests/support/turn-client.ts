/**
 * Just enough STUN/TURN (RFC 5389, 5766) over UDP to ask a real TURN server for an allocation
 * with long-term credentials and then for a permission to a peer: what a browser's
 * RTCPeerConnection does first with the credentials of GET chat/relay. Tests only.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';

const MAGIC = 0x2112a442;
const ATTR = { username: 0x0006, integrity: 0x0008, errorCode: 0x0009, lifetime: 0x000d, peer: 0x0012, realm: 0x0014, nonce: 0x0015, relayed: 0x0016, transport: 0x0019 } as const;
const METHOD = { allocate: 0x0003, permission: 0x0008 } as const;

type Attr = [number, Buffer];
export type TurnAnswer = { ok: boolean; errorCode?: number; attrs: Map<number, Buffer> };

function attribute(type: number, value: Buffer): Buffer {
  const padded = Buffer.alloc(4 + Math.ceil(value.length / 4) * 4);
  padded.writeUInt16BE(type, 0);
  padded.writeUInt16BE(value.length, 2);
  value.copy(padded, 4);
  return padded;
}

/** The message, with MESSAGE-INTEGRITY over everything before it when `key` is given. */
function message(method: number, attrs: Attr[], key?: Buffer): Buffer {
  const body = Buffer.concat(attrs.map(([t, v]) => attribute(t, v)));
  const header = Buffer.alloc(20);
  header.writeUInt16BE(method, 0);
  header.writeUInt32BE(MAGIC, 4);
  randomBytes(12).copy(header, 8);
  if (!key) {
    header.writeUInt16BE(body.length, 2);
    return Buffer.concat([header, body]);
  }
  header.writeUInt16BE(body.length + 24, 2);
  const mac = createHmac('sha1', key).update(Buffer.concat([header, body])).digest();
  return Buffer.concat([header, body, attribute(ATTR.integrity, mac)]);
}

function parse(data: Buffer): TurnAnswer {
  const type = data.readUInt16BE(0);
  const attrs = new Map<number, Buffer>();
  for (let at = 20; at + 4 <= data.length; ) {
    const t = data.readUInt16BE(at);
    const len = data.readUInt16BE(at + 2);
    attrs.set(t, data.subarray(at + 4, at + 4 + len));
    at += 4 + Math.ceil(len / 4) * 4;
  }
  const error = attrs.get(ATTR.errorCode);
  // Class 0x0100 bit set in the type: a success (0x01xx) or an error (0x011x) answer.
  const ok = (type & 0x0110) === 0x0100;
  return { ok, errorCode: error ? error[2]! * 100 + error[3]! : undefined, attrs };
}

function xorPeer(ip: string, port: number): Buffer {
  const value = Buffer.alloc(8);
  value.writeUInt8(0x01, 1);
  value.writeUInt16BE(port ^ (MAGIC >>> 16), 2);
  const parts = ip.split('.').map(Number);
  value.writeUInt32BE((((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) ^ MAGIC) >>> 0, 4);
  return value;
}

/** One UDP client of a TURN server on host:port, signing with `username` / `password`. */
export async function turnSession(host: string, port: number, username: string, password: string) {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const ask = (packet: Buffer): Promise<TurnAnswer> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer from the TURN server')), 3000);
      socket.once('message', (data) => {
        clearTimeout(timer);
        resolve(parse(data));
      });
      socket.send(packet, port, host);
    });
  let realm: Buffer = Buffer.alloc(0);
  let nonce: Buffer = Buffer.alloc(0);
  const key = () => createHash('md5').update(`${username}:${realm.toString()}:${password}`).digest();
  const signed = (method: number, attrs: Attr[]) =>
    message(method, [...attrs, [ATTR.username, Buffer.from(username)], [ATTR.realm, realm], [ATTR.nonce, nonce]], key());

  return {
    /** Allocate a UDP relay: first unauthenticated (the server answers 401 with realm and nonce), then signed. */
    async allocate(): Promise<TurnAnswer> {
      const transport: Attr = [ATTR.transport, Buffer.from([17, 0, 0, 0])];
      const challenge = await ask(message(METHOD.allocate, [transport]));
      realm = challenge.attrs.get(ATTR.realm) ?? realm;
      nonce = challenge.attrs.get(ATTR.nonce) ?? nonce;
      if (challenge.errorCode !== 401) return challenge;
      return ask(signed(METHOD.allocate, [transport]));
    },
    /** Asks to relay to ip:port (the server's denied-peer-ip answers 403). */
    permission(ip: string, peerPort = 9): Promise<TurnAnswer> {
      return ask(signed(METHOD.permission, [[ATTR.peer, xorPeer(ip, peerPort)]]));
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

export const TURN_ATTR = ATTR;
