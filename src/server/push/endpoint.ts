/**
 * Which push endpoints the server will POST to. A subscription is the member's to send,
 * so its endpoint is untrusted input that makes this server send requests: without a rule
 * it would reach internal services (SSRF). Every browser's push service (FCM, Mozilla's
 * autopush, Apple's, Microsoft's) is an https: host on the public internet, so the rule is
 * https: and no address literal outside global unicast (loopback, private, link-local,
 * carrier-grade NAT, documentation, benchmarking, reserved, multicast: ipaddr.js's ranges).
 * An operator may name more hosts (PUSH_ENDPOINT_HOSTS: a push relay inside their network);
 * 'any' (development and the tests' local push service only) lets plain http: and loopback
 * through.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type PushEndpoints = 'public' | 'any' | { alsoHosts: readonly string[] };

function publicAddress(literal: string): boolean {
  const address = ipaddr.parse(literal);
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 it is.
  const judged = address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
  return judged.range() === 'unicast';
}

function privateHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost') || bare.endsWith('.internal') || bare.endsWith('.local')) return true;
  return isIP(bare) !== 0 && !publicAddress(bare);
}

/** PUSH_ENDPOINT_HOSTS: comma-separated host names or addresses a subscription may name besides public ones. */
export function pushEndpointsFrom(value: string | undefined): PushEndpoints | undefined {
  const alsoHosts = (value ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  return alsoHosts.length > 0 ? { alsoHosts } : undefined;
}

export function pushEndpointAllowed(endpoint: string, mode: PushEndpoints): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (mode === 'any') return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (typeof mode === 'object' && mode.alsoHosts.includes(host)) || !privateHost(url.hostname);
}
