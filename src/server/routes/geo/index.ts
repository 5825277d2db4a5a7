/**
 * GET geo/search?q= (members only): places by name from the shipped gazetteer, no third
 * party asked (contract/geo.ts). The index is built on the first search (≈ 1 s), so the
 * server starts as fast as before and a member who never searches costs nothing.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { GEO_PATHS, geoSearchQuery, place } from '../../../contract/geo';
import { gazetteer } from '../../geo/gazetteer';

const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`/${GEO_PATHS.search}`, {
    config: { access: 'member' },
    schema: { tags: ['geo'], querystring: geoSearchQuery, response: { 200: envelope(z.array(place)) } },
    handler: async (request, reply) => {
      const places = (await gazetteer()).search(request.query.q);
      // The same name always finds the same places (the data ships with the server).
      return reply.header('cache-control', 'private, max-age=86400').send({ code: 200, message: 'ok', data: places });
    },
  });
};

export default geoRoutes;
