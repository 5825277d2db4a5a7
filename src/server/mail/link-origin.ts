/**
 * Where a link we mail (password reset) points. A member who came through
 * http://127.0.0.1:8080 must get a link on that origin, not PUBLIC_URL's localhost: their
 * session (the app's database, its token) belongs to the origin they use, and another one opens
 * signed out. But the request's own Origin/Host headers are the sender's to write: a link built
 * from any of them is the known reset-link poisoning attack (the attacker asks a reset for the
 * victim with `Host: evil.example`, the victim clicks, the token lands on the attacker's
 * server). So the request's origin is used only when the deployment trusts it:
 *   - PUBLIC_URL's origin;
 *   - when PUBLIC_URL is a loopback host, its loopback aliases (localhost, 127.0.0.1, [::1])
 *     with the same scheme and port: the same server reached by another name;
 *   - the origins the operator lists in ALLOWED_ORIGINS (comma-separated).
 * Anything else falls back to PUBLIC_URL.
 */
import type { FastifyRequest } from 'fastify';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** `https://Host:443/x` → `https://host`; null for what is not an http(s) origin. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins links may be built on, PUBLIC_URL's first. */
export function trustedOrigins(publicUrl: string, allowed: readonly string[] = []): string[] {
  const own = new URL(publicUrl);
  const origins = [own.origin];
  if (LOOPBACK.includes(own.hostname)) {
    for (const host of LOOPBACK) origins.push(originOf(`${own.protocol}//${host}${own.port ? `:${own.port}` : ''}`)!);
  }
  for (const entry of allowed) {
    const origin = originOf(entry.trim());
    if (origin) origins.push(origin);
  }
  return [...new Set(origins)];
}

/** ALLOWED_ORIGINS as the environment gives it: comma-separated origins, blanks ignored. */
export const parseAllowedOrigins = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The base to build a mailed link on for this request: PUBLIC_URL on the origin the member's
 * app came through (its Origin header, else the Host it asked), when trusted; else PUBLIC_URL.
 */
export function linkBase(request: FastifyRequest, publicUrl: string, trusted: readonly string[]): string {
  const candidates = [request.headers.origin, request.headers.host ? `${request.protocol}://${request.headers.host}` : undefined];
  const base = publicUrl.replace(/\/+$/, '');
  const path = new URL(base).pathname.replace(/\/+$/, '');
  for (const candidate of candidates) {
    const origin = candidate ? originOf(candidate) : null;
    if (origin && trusted.includes(origin)) return `${origin}${path}`;
  }
  return base;
}
