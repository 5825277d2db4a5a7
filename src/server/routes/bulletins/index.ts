/**
 * The member's bulletins and their devices' push subscriptions (issue 16). Always the
 * caller's own rows: no member code in any path, so nobody else's to read or touch.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULLETIN_PATHS,
  bulletinPage,
  bulletinReadAnswer,
  bulletinReadBody,
  pushForgetBody,
  pushKeyAnswer,
  pushSubscriptionBody,
} from '../../../contract/bulletins';
import { CODE_OK } from '../../../contract/codes';
import { envelope, pageQuery } from '../../../contract/envelope';
import { pushSubscriptions } from '../../db/schema/bulletins';
import { bulletinPage as loadPage, markRead } from '../../domain/bulletins/list';
import { fieldError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { pushEndpointAllowed } from '../../push/endpoint';
import { writeOnce } from '../../plugins/idempotency';

const ok = envelope(z.object({}));

const bulletinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`/${BULLETIN_PATHS.list}`, {
    config: { access: 'member' },
    schema: { tags: ['bulletins'], querystring: pageQuery, response: { 200: envelope(bulletinPage) } },
    handler: async (request) => {
      const data = await loadPage(app.db, memberOf(request).id, request.query.pageNo, request.query.pageSize);
      return { code: CODE_OK, message: 'ok', data, totalRecords: data.totalRecords };
    },
  });

  app.put(`/${BULLETIN_PATHS.read}`, {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['bulletins'], body: bulletinReadBody, response: { 200: envelope(bulletinReadAnswer) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        const unread = await markRead(tx, me.id, 'all' in request.body ? 'all' : request.body.bulletinCodes);
        // The member's other devices update their lists and badges too.
        (request.bulletinFor ??= []).push(me.id);
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Bulletins read.', data: { unread } } };
      });
    },
  });

  app.get(`/${BULLETIN_PATHS.pushKey}`, {
    config: { access: 'anyone' },
    schema: { tags: ['bulletins'], response: { 200: envelope(pushKeyAnswer) } },
    handler: async () => ({ code: CODE_OK, message: 'ok', data: { publicKey: app.bulletins.vapid.publicKey } }),
  });

  // Every app start sends its subscription again: stored, moved to this member (a shared
  // device that changed hands), or just marked seen.
  app.put(`/${BULLETIN_PATHS.subscription}`, {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['bulletins'], body: pushSubscriptionBody, response: { 200: ok } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { endpoint, keys } = request.body;
      if (!pushEndpointAllowed(endpoint, app.bulletins.endpoints)) throw fieldError('endpoint', 'This is not the address of a push service.');
      return writeOnce(request, reply, async (tx) => {
        await tx
          .insert(pushSubscriptions)
          .values({ userId: me.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId: me.id, p256dh: keys.p256dh, auth: keys.auth, seenAt: sql`now()` },
          });
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Bulletins reach this device.', data: {} } };
      });
    },
  });

  app.delete(`/${BULLETIN_PATHS.subscription}`, {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['bulletins'], body: pushForgetBody, response: { 200: ok } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        // Only the caller's own: another member's endpoint matches nothing.
        await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, request.body.endpoint), eq(pushSubscriptions.userId, me.id)));
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Bulletins no longer reach this device.', data: {} } };
      });
    },
  });
};

export default bulletinRoutes;
