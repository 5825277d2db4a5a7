/**
 * Security headers on every HTTP answer (API JSON, media, the built PWA's files and
 * index.html, 404s and errors), set in an onRequest hook of the root instance, so they are
 * on the reply before any route, @fastify/static, the not-found handler or the error
 * handler writes it. helmet makes them; they depend only on the Host the browser sent (the
 * telex socket's origin, below), so they are made once a host and then only set: made per
 * request (@fastify/helmet) they cost ~0.4 ms of every answer.
 *
 * The Content-Security-Policy allows only our own origin's scripts and the inline scripts of
 * the index.html we serve, each by its hash (no other inline script), no eval (zod's JIT is
 * off in the client for this: src/client/zod-csp.ts), no plugins, no framing by anyone
 * (clickjacking), forms and <base> to our origin only.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet, { type HelmetOptions } from 'helmet';
import { LRUCache } from 'lru-cache';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A Host header we are willing to echo into the policy: a name or an [IPv6], an optional port. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Our origin and the telex socket of our own host (the sync worker opens ws(s)://<host>/api/v1/...).
 * CSP Level 3 lets 'self' match ws:/wss: of the same host (Chromium, Firefox), but older
 * WebKit does not, so the socket's origin is named too. Taken from the Host the browser
 * sent (it is the page's own host); an odd value is left out, never copied in.
 */
function connectSources(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return HOST.test(host) ? `'self' ws://${host} wss://${host}` : "'self'";
}

/** Directive → sources (tests/server/security-headers.test.ts asserts the policy word for word). */
const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  // Only our own files, and index.html's own inline scripts by hash (inlineScriptHashes:
  // the appearance and the first paint, which must run before anything paints).
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // 'unsafe-inline' for styles only: Mantine (and maplibre, apexcharts) inject <style>
  // elements and style attributes at run time, and index.html's splash is an inline
  // <style> (as is the dev mailbox page). Styles cannot run script.
  'style-src': ["'self'", "'unsafe-inline'"],
  // blob: previews of a picked picture or video before upload; data: the SVG icons in
  // maplibre's and apexcharts' styles and scripts.
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': [connectSources],
  // The sync worker, maplibre's worker and the service worker are our own files. blob:
  // because maplibre wraps a worker URL it cannot start directly in a blob: module (it
  // needs none for ours, same-origin, today); a blob worker keeps this policy.
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The CSP sources of the inline scripts of `clientDir`'s index.html: 'sha256-…' of each
 * <script> without a src (vite.config.ts inlineHeadScripts writes them there, so the
 * splash and a member's cached cards paint without waiting for a script request). None
 * without a built client.
 */
export function inlineScriptHashes(clientDir: string | undefined): string[] {
  if (!clientDir) return [];
  let html: string;
  try {
    html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes ?? '') || !body) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

const optionsWith = (scriptHashes: string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    // Exactly the directives above: no helmet default (its upgrade-insecure-requests
    // would break the app served over plain http on a LAN address).
    useDefaults: false,
    directives: { ...CSP_DIRECTIVES, 'script-src': [...CSP_DIRECTIVES['script-src'], ...scriptHashes] },
  },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // Our media and files are for our own pages only.
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  // Browsers heed it over https only (where a TLS proxy serves us); not our subdomains.
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
});

/** A path Fastify cannot decode (`/%C3%28`): it answers 400 before routing, so no hook runs. */
function undecodable(url: string | undefined): boolean {
  const path = (url ?? '').split(/[?#]/, 1)[0] ?? '';
  if (!path.includes('%')) return false;
  try {
    decodeURI(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * The headers helmet sets for a request with this Host, as names and values: helmet is run
 * once on a stand-in response that records them. Hosts the policy would not echo share one
 * entry; at most 64 kept (a client can send any Host).
 */
function headersByHost(scriptHashes: string[]): (host: string | undefined) => Record<string, string> {
  const baseline = helmet(optionsWith(scriptHashes));
  const byHost = new LRUCache<string, Record<string, string>>({ max: 64 });
  return (host) => {
    const key = HOST.test(host ?? '') ? (host as string) : '';
    let headers = byHost.get(key);
    if (!headers) {
      const made: Record<string, string> = {};
      const recorder = { setHeader: (name: string, value: string) => void (made[name.toLowerCase()] = String(value)), removeHeader: () => {} };
      baseline({ headers: { host: key } } as IncomingMessage, recorder as unknown as ServerResponse, () => {});
      byHost.set(key, (headers = made));
    }
    return headers;
  };
}

/** `clientDir`: the built PWA this server serves, whose index.html's inline scripts the policy allows. */
export async function setupSecurityHeaders(app: FastifyInstance, clientDir?: string): Promise<void> {
  const headersFor = headersByHost(inlineScriptHashes(clientDir));
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headersFor(request.headers.host));
  });
  // The one answer no hook sees (Fastify's frameworkErrors for an undecodable path): the
  // same headers, set on the raw response before Fastify handles the request.
  app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!undecodable(req.url)) return;
    for (const [name, value] of Object.entries(headersFor(req.headers.host))) res.setHeader(name, value);
  });
}
