/**
 * GET /basemap/style.json and /basemap/<source>.geojson: the maplibre style and its GeoJSON
 * sources (geo/basemap.ts), public and outside /api (maplibre fetches them without the
 * bearer token; they hold no member data). The URLs are not versioned, so they are cached
 * for a month with an ETag rather than forever; the service worker keeps them
 * (stale-while-revalidate, sw/caching.ts) so maps draw offline.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { GEO_PATHS } from '../../../contract/geo';
import { basemap, type BasemapFile } from '../../geo/basemap';

const MONTH_S = 30 * 24 * 60 * 60;
/** '/basemap/' and '.geojson', read off the contract so the route and the style's URLs agree. */
const [SOURCE_DIR, SOURCE_SUFFIX] = GEO_PATHS.basemapSource('\0').split('\0') as [string, string];

function serve(request: FastifyRequest, reply: FastifyReply, file: BasemapFile, type: string) {
  reply
    .header('cache-control', `public, max-age=${MONTH_S}, stale-while-revalidate=${MONTH_S}`)
    .header('etag', file.etag)
    .header('vary', 'accept-encoding')
    .type(type);
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.json);
}

const basemapRoutes: FastifyPluginAsync = async (app) => {
  app.get(GEO_PATHS.basemapStyle, async (request, reply) => serve(request, reply, (await basemap()).style, 'application/json; charset=utf-8'));

  // The static style route above wins over this parametric one in Fastify's router.
  app.get<{ Params: { file: string } }>(`${SOURCE_DIR}:file`, async (request, reply) => {
    const { file } = request.params;
    const source = file.endsWith(SOURCE_SUFFIX) ? (await basemap()).sources.get(file.slice(0, -SOURCE_SUFFIX.length)) : undefined;
    if (!source) return reply.code(404).send({ code: 404, message: 'No such basemap source.' });
    return serve(request, reply, source, 'application/geo+json; charset=utf-8');
  });
};

export default basemapRoutes;
