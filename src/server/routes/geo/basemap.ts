/**
 * GET /basemap/style.json: the maplibre style, public and outside /api (maplibre fetches it
 * without the bearer token; it holds no member data). The URL is not versioned, so it is
 * cached for a month with an ETag rather than forever; the service worker keeps it
 * (stale-while-revalidate, sw/caching.ts) so maps draw offline.
 */
import type { FastifyPluginAsync } from 'fastify';
import { GEO_PATHS } from '../../../contract/geo';
import { basemap } from '../../geo/basemap';

const MONTH_S = 30 * 24 * 60 * 60;

const basemapRoutes: FastifyPluginAsync = async (app) => {
  app.get(GEO_PATHS.basemapStyle, async (request, reply) => {
    const map = await basemap();
    reply
      .header('cache-control', `public, max-age=${MONTH_S}, stale-while-revalidate=${MONTH_S}`)
      .header('etag', map.etag)
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8');
    if (request.headers['if-none-match'] === map.etag) return reply.code(304).send();
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(map.gzip);
    return reply.send(map.json);
  });
};

export default basemapRoutes;
