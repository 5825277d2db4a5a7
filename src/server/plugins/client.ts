/**
 * Serves the built PWA (dist/) from the API process: hashed assets cached for a year,
 * index.html and the service worker never cached (a new deploy must reach every device),
 * and client-side routes (e.g. /suite/vault) answered with index.html. Text assets go
 * out pre-compressed (brotli or gzip, made at build time).
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_CLIENT = ['/api/', '/media/', '/dev/'];
const NO_CACHE = new Set(['sw.js', 'index.html', 'manifest.webmanifest', 'registerSW.js']);

export async function setupClient(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.resolve(clientDir),
    // Only files present at start get routes: an unknown path falls to the not-found handler.
    wildcard: false,
    // dist/ holds .br and .gz twins of the text assets (vite-plugin-compression2): send
    // the one the browser accepts, never compress the same bytes again per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, file) {
      const name = path.basename(file);
      if (NO_CACHE.has(name)) res.header('Cache-Control', 'no-cache');
      else if (file.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'public, max-age=3600');
    },
  });
}

/** A browser navigation to a client route (not an API, media or dev path, not a file). */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url.split('?')[0] ?? '/';
  if (url === '/api' || url === '/media' || url === '/dev' || NOT_CLIENT.some((p) => url.startsWith(p))) return false;
  const accept = request.headers.accept ?? '';
  const last = url.split('/').pop() ?? '';
  return accept.includes('text/html') || !last.includes('.');
}

export function sendIndex(reply: FastifyReply) {
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}
