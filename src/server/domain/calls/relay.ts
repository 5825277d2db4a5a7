/**
 * The peer-connection relay (coturn, docs/deploy/turnserver.conf) and its time-limited
 * credentials: the TURN REST scheme coturn checks with `use-auth-secret`. The API never hands
 * out a static password; each member gets a username `<expiry>:<userCode>` and its HMAC under
 * the secret every API host and the relay share (configuration, like every shared secret).
 */
import { createHmac } from 'node:crypto';
import type { RelayAnswer } from '../../../contract/calls';
import { StartRefused } from '../../start-refused';

export type RelayConfig = {
  /** coturn's static-auth-secret. */
  secret: string;
  /** turn:/turns: (and stun:) URLs of the relay, as RTCIceServer.urls. */
  urls: string[];
  /** How long handed-out credentials stay valid. */
  ttlSeconds: number;
};

export const RELAY_TTL_SECONDS = 6 * 60 * 60;

/** base64(HMAC-SHA1(secret, username)): what coturn recomputes for `use-auth-secret`. */
export function turnPassword(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

/** The ICE servers for one member now; none without a relay (host candidates only). */
export function relayFor(config: RelayConfig | undefined, userCode: string, now = Date.now()): RelayAnswer {
  if (!config || config.urls.length === 0) return { iceServers: [], ttl: 0 };
  const expiry = Math.floor(now / 1000) + config.ttlSeconds;
  const username = `${expiry}:${userCode}`;
  return { iceServers: [{ urls: config.urls, username, credential: turnPassword(config.secret, username) }], ttl: config.ttlSeconds };
}

/**
 * TURN_URLS (comma-separated), TURN_SECRET and TURN_TTL_SECONDS. No URLs: no relay. URLs
 * without a secret are refused: a turn: server without credentials cannot be used, and a
 * static password is never handed out.
 */
export function relayFromEnv(env: Record<string, string | undefined>): RelayConfig | undefined {
  const urls = (env.TURN_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  if (urls.length === 0) return undefined;
  const bad = urls.find((u) => !/^(stun|turns?):/.test(u));
  if (bad) throw new StartRefused(`TURN_URLS: "${bad}" is not a stun:, turn: or turns: URL.`);
  const secret = env.TURN_SECRET ?? '';
  if (secret.length < 16) throw new StartRefused('TURN_URLS is set but TURN_SECRET (coturn\'s static-auth-secret, at least 16 characters) is not.');
  const ttl = env.TURN_TTL_SECONDS ? Number(env.TURN_TTL_SECONDS) : RELAY_TTL_SECONDS;
  if (!Number.isInteger(ttl) || ttl < 60 || ttl > 86_400) throw new StartRefused('TURN_TTL_SECONDS must be a whole number of seconds between 60 and 86400.');
  return { secret, urls, ttlSeconds: ttl };
}

/**
 * CALL_RING_MS: how long a call rings before it is missed (default CALL_RING_MS, 30 s),
 * between 1 s and 2 min. The e2e suite shortens it; members' operators leave it alone.
 */
export function callRingMsFromEnv(env: Record<string, string | undefined>): number | undefined {
  if (!env.CALL_RING_MS) return undefined;
  const ms = Number(env.CALL_RING_MS);
  if (!Number.isInteger(ms) || ms < 1_000 || ms > 120_000) throw new StartRefused('CALL_RING_MS must be a whole number of milliseconds between 1000 and 120000.');
  return ms;
}
