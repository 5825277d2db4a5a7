/**
 * A passkey authenticator in software, for the server's tests: it answers WebAuthn's
 * options with what a browser would send (an ES256 key, 'none' attestation, signed
 * assertions), so the server's real verifier (@simplewebauthn/server) checks every byte.
 * The browser suite uses Chromium's own virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

type Credential = { id: Buffer; key: KeyObject; userHandle: string; rpId: string; counter: number };

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  constructor(readonly origin: string) {}

  /** navigator.credentials.create: a new passkey; its registration response. */
  create(options: Record<string, unknown>, rpId = new URL(this.origin).hostname) {
    const o = options as unknown as CreationOptions;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const credential: Credential = { id, key: privateKey, userHandle: o.user.id, rpId: o.rp.id ?? rpId, counter: 0 };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    // Flags: user present, user verified, attested credential data.
    const authData = Buffer.concat([sha256(credential.rpId), Buffer.from([0x45]), Buffer.alloc(4), Buffer.alloc(16), idLength, id, Buffer.from(cose)]);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: o.challenge, origin: this.origin, crossOrigin: false });
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: { clientDataJSON: b64u(Buffer.from(clientData)), attestationObject: b64u(attestationObject), transports: ['internal'] },
    };
  }

  /** navigator.credentials.get: an assertion by the first (allowed) passkey, or `which`. */
  get(options: Record<string, unknown>, which?: Credential) {
    const o = options as unknown as RequestOptions;
    const allowed = o.allowCredentials?.map((c) => c.id);
    const credential = which ?? this.credentials.find((c) => !allowed?.length || allowed.includes(b64u(c.id)));
    if (!credential) throw new Error('no passkey for these options');
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([sha256(o.rpId ?? credential.rpId), Buffer.from([0x05]), counter]);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: o.challenge, origin: this.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.key);
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: { clientDataJSON: b64u(clientData), authenticatorData: b64u(authData), signature: b64u(signature), userHandle: credential.userHandle },
    };
  }
}
