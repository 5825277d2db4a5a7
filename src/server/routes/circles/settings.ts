/**
 * The owner's chart and per-feature privacy of a circle (spec §2.10 "Circle vault";
 * spec/calls.md "Circles": members/report, privacy-setting and its reset): owner only.
 * Settings come in ORIGIN_FEATURES order; a change or a reset answers them all.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { originPrivacySettings, originPrivacyUpdate, originReport } from '../../../contract/circle-admin';
import { CIRCLE_PATHS, groupCodeParams } from '../../../contract/circles';
import { ACCESS_OK, CODE_CREATED, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import { writeOnce } from '../../plugins/idempotency';
import { originOf } from '../../plugins/policy';
import { circleReport } from '../../domain/circles/people';
import { loadOriginPrivacy, resetOriginPrivacy, setOriginPrivacy } from '../../domain/circles/settings';

const path = (p: string) => `/${p}`;
const owner = { origin: 'circle', at: 'params.groupCode', role: 'owner' } as const;
const settings = envelope(originPrivacySettings);

const circleSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(path(CIRCLE_PATHS.report(':groupCode')), {
    config: { access: owner },
    schema: { tags: ['circles'], params: groupCodeParams, response: { 200: envelope(originReport) } },
    handler: async (request) => ({ code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: await circleReport(app.db, originOf(request).id) }),
  });

  app.get(path(CIRCLE_PATHS.privacy(':groupCode')), {
    config: { access: owner },
    schema: { tags: ['circles'], params: groupCodeParams, response: { 200: settings } },
    handler: async (request) => ({ code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: await loadOriginPrivacy(app.db, 'circle', originOf(request).id) }),
  });

  app.put(path(CIRCLE_PATHS.privacy(':groupCode')), {
    config: { access: owner, write: 'once' },
    schema: { tags: ['circles'], params: groupCodeParams, body: originPrivacyUpdate, response: { 201: settings } },
    handler: async (request, reply) => {
      const circle = originOf(request);
      return writeOnce(request, reply, async (tx) => {
        await setOriginPrivacy(tx, 'circle', circle.id, request.body.featureCode, request.body.privacyCode);
        const data = await loadOriginPrivacy(tx, 'circle', circle.id);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Privacy updated.', data } };
      });
    },
  });

  app.put(path(CIRCLE_PATHS.privacyReset(':groupCode')), {
    config: { access: owner, write: 'once' },
    schema: { tags: ['circles'], params: groupCodeParams, response: { 201: settings } },
    handler: async (request, reply) => {
      const circle = originOf(request);
      return writeOnce(request, reply, async (tx) => {
        await resetOriginPrivacy(tx, 'circle', circle.id);
        const data = await loadOriginPrivacy(tx, 'circle', circle.id);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Privacy settings reset.', data } };
      });
    },
  });
};

export default circleSettingRoutes;
