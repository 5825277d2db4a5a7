/**
 * GET chat/relay: the ICE servers a member's calls use (contract/calls.ts), with TURN
 * credentials of their own that expire (domain/calls/relay.ts). Members only: the relay is
 * a proxy, and credentials are never handed to someone without a session.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALL_PATHS, relayAnswer } from '../../../contract/calls';
import { envelope } from '../../../contract/envelope';
import { memberOf } from '../../plugins/auth';
import { relayFor, type RelayConfig } from '../../domain/calls/relay';

const relayRoutes: FastifyPluginAsyncZod<{ relay?: RelayConfig }> = async (app, options) => {
  app.get(`/${CALL_PATHS.relay}`, {
    config: { access: 'member' },
    schema: { tags: ['chat'], response: { 200: envelope(relayAnswer) } },
    handler: async (request, reply) => {
      // Credentials are personal and short-lived: no cache may keep or share them.
      reply.header('cache-control', 'no-store');
      return { code: 200, message: 'ok', data: relayFor(options.relay, memberOf(request).userCode) };
    },
  });
};

export default relayRoutes;
