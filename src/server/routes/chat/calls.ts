/**
 * POST chat/calls/:callId/decline: the callee declines a call that rings for them, without a
 * socket — the Decline of the ring's notification in a closed app (sw/call-ring.ts, decision
 * 0079), which the service worker sends with the member's stored token. The socket's
 * `call.decline` does the same (realtime/calls.ts); the store ends a ring once, whichever comes.
 * A call that is not ringing for this member is 404 alike, ended or someone else's: a stranger
 * learns nothing of a call id.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALL_MESSAGES, CALL_PATHS, callDeclineParams } from '../../../contract/calls';
import { envelope } from '../../../contract/envelope';
import { HttpError } from '../../http-error';
import { memberOf } from '../../plugins/auth';

const callRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(decodeURIComponent(`/${CALL_PATHS.decline(':callId')}`), {
    config: { access: 'member', write: { repeatable: 'a ring ends once; a repeat finds it ended (404)' } },
    schema: { tags: ['chat'], params: callDeclineParams, response: { 200: envelope(z.object({})) } },
    handler: async (request) => {
      const declined = await app.calls.declineFor(memberOf(request).userCode, request.params.callId);
      if (!declined) throw new HttpError(404, CALL_MESSAGES.noCall);
      return { code: 200, message: 'Call declined.', data: {} };
    },
  });
};

export default callRoutes;
