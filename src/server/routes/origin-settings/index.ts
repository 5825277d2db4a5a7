/**
 * The owner's chart and per-feature privacy of a circle or a slate (spec §2.10 "Circle
 * vault", "Slate vault"; spec/calls.md "Circles": members/report, privacy-setting and its
 * reset; "Slates": followers/report, privacy-setting and resetPagePrivacies): owner only.
 * One home for both (the circles and slates route areas may not import each other), registered
 * once for each kind. Settings come in ORIGIN_FEATURES order; a change or a reset answers them all.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { originPrivacySettings, originPrivacyUpdate, originReport } from '../../../contract/circle-admin';
import { CIRCLE_PATHS, groupCodeParams, pageCodeParams, SLATE_PATHS } from '../../../contract/circles';
import { ACCESS_OK, CODE_CREATED, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import { writeOnce } from '../../plugins/idempotency';
import { originOf } from '../../plugins/policy';
import type { OriginKind } from '../../policy/origins';
import { circleReport } from '../../domain/circles/people';
import { loadOriginPrivacy, resetOriginPrivacy, setOriginPrivacy } from '../../domain/circles/settings';
import { slateReport } from '../../domain/slates/people';

const path = (p: string) => `/${p}`;
const settings = envelope(originPrivacySettings);

/** What differs between a circle's settings and a slate's: their paths, code and report. */
const KINDS = {
  circle: { paths: CIRCLE_PATHS, param: ':groupCode', params: groupCodeParams, tag: 'circles', report: circleReport, access: { origin: 'circle', at: 'params.groupCode', role: 'owner' } },
  slate: { paths: SLATE_PATHS, param: ':pageCode', params: pageCodeParams, tag: 'slates', report: slateReport, access: { origin: 'slate', at: 'params.pageCode', role: 'owner' } },
} as const;

const originSettingRoutes: FastifyPluginAsyncZod<{ kind: OriginKind }> = async (app, { kind }) => {
  const { paths, param, params, tag, report, access } = KINDS[kind];

  app.get(path(paths.report(param)), {
    config: { access },
    schema: { tags: [tag], params, response: { 200: envelope(originReport) } },
    handler: async (request) => ({ code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: await report(app.db, originOf(request).id) }),
  });

  app.get(path(paths.privacy(param)), {
    config: { access },
    schema: { tags: [tag], params, response: { 200: settings } },
    handler: async (request) => ({ code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: await loadOriginPrivacy(app.db, kind, originOf(request).id) }),
  });

  app.put(path(paths.privacy(param)), {
    config: { access, write: 'once' },
    schema: { tags: [tag], params, body: originPrivacyUpdate, response: { 201: settings } },
    handler: async (request, reply) => {
      const origin = originOf(request);
      return writeOnce(request, reply, async (tx) => {
        await setOriginPrivacy(tx, kind, origin.id, request.body.featureCode, request.body.privacyCode);
        const data = await loadOriginPrivacy(tx, kind, origin.id);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Privacy updated.', data } };
      });
    },
  });

  app.put(path(paths.privacyReset(param)), {
    config: { access, write: 'once' },
    schema: { tags: [tag], params, response: { 201: settings } },
    handler: async (request, reply) => {
      const origin = originOf(request);
      return writeOnce(request, reply, async (tx) => {
        await resetOriginPrivacy(tx, kind, origin.id);
        const data = await loadOriginPrivacy(tx, kind, origin.id);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Privacy settings reset.', data } };
      });
    },
  });
};

export default originSettingRoutes;
