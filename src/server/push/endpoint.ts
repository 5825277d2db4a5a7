/**
 * Which push endpoints the server will POST to. A subscription is the member's to send,
 * so its endpoint is untrusted input that makes this server send requests: without a rule
 * it would reach internal services (SSRF). Every browser's push service (FCM, Mozilla's
 * autopush, Apple's, Microsoft's) is an https: host on the public internet, so the rule is
 * https: and no loopback, private or link-local address literal. 'any' (development and
 * the tests' local push service only) lets plain http: and loopback through.
 */
import { isIP } from 'node:net';

export type PushEndpoints = 'public' | 'any';

const PRIVATE_V4 = [/^10\./, /^127\./, /^169\.254\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^0\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./];

function privateHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost') || bare.endsWith('.internal') || bare.endsWith('.local')) return true;
  const version = isIP(bare);
  if (version === 4) return PRIVATE_V4.some((range) => range.test(bare));
  if (version === 6) return bare === '::1' || bare === '::' || /^f[cd]/.test(bare) || /^fe[89ab]/.test(bare) || bare.startsWith('::ffff:');
  return false;
}

export function pushEndpointAllowed(endpoint: string, mode: PushEndpoints): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (mode === 'any') return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && !privateHost(url.hostname) && url.username === '' && url.password === '';
}
