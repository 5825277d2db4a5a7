/** Master lists (privacies, professions, emojis, barter's services) and the public plan list of the subscription screen. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { emoji, MASTER_PATHS, plan, privacy, profession } from '../../../contract/masters';
import { serviceKind } from '../../../contract/barter';
import { listActivePlans, listEmojis, listPrivacies, listProfessions, listServiceKinds } from './repo';

const mastersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`/${MASTER_PATHS.plans}`, {
    config: { access: 'anyone' },
    schema: { tags: ['masters'], response: { 200: envelope(z.array(plan)) } },
    handler: async () => ({ code: 200, message: 'ok', data: await listActivePlans(app.db) }),
  });

  app.get(`/${MASTER_PATHS.privacies}`, {
    config: { access: 'member' },
    schema: { tags: ['masters'], response: { 200: envelope(z.array(privacy)) } },
    handler: async () => ({ code: 200, message: 'ok', data: await listPrivacies(app.db) }),
  });

  app.get(`/${MASTER_PATHS.professions}`, {
    config: { access: 'member' },
    schema: { tags: ['masters'], response: { 200: envelope(z.array(profession)) } },
    handler: async () => ({ code: 200, message: 'ok', data: await listProfessions(app.db) }),
  });

  app.get(`/${MASTER_PATHS.services}`, {
    config: { access: 'member' },
    schema: { tags: ['masters', 'barter'], response: { 200: envelope(z.array(serviceKind)) } },
    handler: async () => ({ code: 200, message: 'ok', data: await listServiceKinds(app.db) }),
  });

  app.get(`/${MASTER_PATHS.emojis}`, {
    config: { access: 'member' },
    schema: { tags: ['masters'], response: { 200: envelope(z.array(emoji)) } },
    handler: async () => ({ code: 200, message: 'ok', data: await listEmojis(app.db) }),
  });
};

export default mastersRoutes;
