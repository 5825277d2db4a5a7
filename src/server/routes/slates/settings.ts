/**
 * The admin's chart and per-feature privacy of a slate (spec §2.10 "Slate vault";
 * spec/calls.md "Slates": followers/report, privacy-setting and resetPagePrivacies): admin
 * only. Settings come in ORIGIN_FEATURES order; a change or a reset answers them all.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { originPrivacySettings, originPrivacyUpdate, originReport } from '../../../contract/circle-admin';
import { pageCodeParams, SLATE_PATHS } from '../../../contract/circles';
import { ACCESS_OK, CODE_CREATED, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import { writeOnce } from '../../plugins/idempotency';
import { originOf } from '../../plugins/policy';
import { slateReport } from '../../domain/slates/people';
import { loadOriginPrivacy, resetOriginPrivacy, setOriginPrivacy } from '../../domain/circles/settings';

const path = (p: string) => `/${p}`;
const owner = { origin: 'slate', at: 'params.pageCode', role: 'owner' } as const;
const settings = envelope(originPrivacySettings);

const slateSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(path(SLATE_PATHS.report(':pageCode')), {
    config: { access: owner },
    schema: { tags: ['slates'], params: pageCodeParams, response: { 200: envelope(originReport) } },
    handler: async (request) => ({ code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: await slateReport(app.db, originOf(request).id) }),
  });

  app.get(path(SLATE_PATHS.privacy(':pageCode')), {
    config: { access: owner },
    schema: { tags: ['slates'], params: pageCodeParams, response: { 200: settings } },
    handler: async (request) => ({ code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: await loadOriginPrivacy(app.db, 'slate', originOf(request).id) }),
  });

  app.put(path(SLATE_PATHS.privacy(':pageCode')), {
    config: { access: owner, write: 'once' },
    schema: { tags: ['slates'], params: pageCodeParams, body: originPrivacyUpdate, response: { 201: settings } },
    handler: async (request, reply) => {
      const slate = originOf(request);
      return writeOnce(request, reply, async (tx) => {
        await setOriginPrivacy(tx, 'slate', slate.id, request.body.featureCode, request.body.privacyCode);
        const data = await loadOriginPrivacy(tx, 'slate', slate.id);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Privacy updated.', data } };
      });
    },
  });

  app.put(path(SLATE_PATHS.privacyReset(':pageCode')), {
    config: { access: owner, write: 'once' },
    schema: { tags: ['slates'], params: pageCodeParams, response: { 201: settings } },
    handler: async (request, reply) => {
      const slate = originOf(request);
      return writeOnce(request, reply, async (tx) => {
        await resetOriginPrivacy(tx, 'slate', slate.id);
        const data = await loadOriginPrivacy(tx, 'slate', slate.id);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Privacy settings reset.', data } };
      });
    },
  });
};

export default slateSettingRoutes;
