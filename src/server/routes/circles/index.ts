/**
 * Circle reads (spec/calls.md "Circles"; contract/circles.ts): one circle's details and
 * the lists of spec §2.10 — a member's own and followed circles (a visitor's under that
 * member's 'circles' privacy), the side menu's active circles, my asks, my invitations and
 * my suggestions. A circle the viewer may not read (or a paused one, to anyone but its
 * owner) answers 404 with the same words as a missing one, so its existence does not leak.
 * Writes: form.ts (create, update, remove), membership.ts (the member's side), owner.ts
 * (the owner's side), settings.ts (chart and per-feature privacy).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CIRCLE_LIST_PAGE_SIZE, CIRCLE_PATHS, circleCard, circleDetails, circleListQuery, groupCodeParams } from '../../../contract/circles';
import { ACCESS_OK, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import { notFound } from '../../policy/origins';
import type { Access } from '../../policy/rules';
import { memberOf } from '../../plugins/auth';
import { originOf, viewedOf } from '../../plugins/policy';
import { listCircles, loadCircleById } from '../../domain/circles/repo';
import type { Listed, Page } from '../../domain/paging';
import { listCirclesOf, listPending } from '../../domain/circles/lists';
import { listCircleSuggestions } from '../../domain/circles/suggestions';
import circleFormRoutes from './form';
import circleMembershipRoutes from './membership';
import circleOwnerRoutes from './owner';

const path = (p: string) => `/${p}`;
const pageOf = (q: { pageNo: number; pageSize?: number }): Page => ({ pageNo: q.pageNo, pageSize: q.pageSize ?? CIRCLE_LIST_PAGE_SIZE });
const listed = <T>({ rows, total }: Listed<T>) => ({ code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: rows, totalRecords: total });
/** Another member's lists (`friendCode`) show only under their 'circles' privacy (hidden: accessCode 106). */
const whoseCircles: Access = { reads: 'circles', of: 'query.friendCode' };

const circleRoutes: FastifyPluginAsyncZod = async (app) => {
  /** One list of circle cards, paged; `list` gets the caller, the member whose list it is, and the page. */
  const listRoute = (url: string, access: Access, list: (me: number, whose: number, page: Page) => Promise<Listed<z.output<typeof circleCard>>>) =>
    app.get(path(url), {
      config: { access },
      schema: { tags: ['circles'], querystring: circleListQuery, response: { 200: envelope(z.array(circleCard)) } },
      handler: async (request) => {
        const me = memberOf(request).id;
        const whose = typeof access === 'object' && 'reads' in access ? viewedOf(request).id : me;
        return listed(await list(me, whose, pageOf(request.query)));
      },
    });

  app.get(path(CIRCLE_PATHS.circle(':groupCode')), {
    config: { access: { origin: 'circle', at: 'params.groupCode', role: 'reader' } },
    schema: { tags: ['circles'], params: groupCodeParams, response: { 200: envelope(circleDetails) } },
    handler: async (request) => {
      const found = await loadCircleById(app.db, memberOf(request).id, originOf(request).id);
      if (!found) throw notFound('circle');
      const { id: _id, ...data } = found;
      return { code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data };
    },
  });
  listRoute(CIRCLE_PATHS.own, whoseCircles, (me, whose, page) => listCirclesOf(app.db, whose, me, 'own', page));
  listRoute(CIRCLE_PATHS.following, whoseCircles, (me, whose, page) => listCirclesOf(app.db, whose, me, 'following', page));
  listRoute(CIRCLE_PATHS.active, 'member', (me, _whose, page) => listCircles(app.db, me, 'active', page));
  listRoute(CIRCLE_PATHS.requested, 'member', (me, _whose, page) => listPending(app.db, me, 'join', page));
  listRoute(CIRCLE_PATHS.invitations, 'member', (me, _whose, page) => listPending(app.db, me, 'invite', page));
  listRoute(CIRCLE_PATHS.suggestions, 'member', (me, _whose, page) => listCircleSuggestions(app.db, me, page));

  await app.register(circleFormRoutes);
  await app.register(circleMembershipRoutes);
  await app.register(circleOwnerRoutes);
};

export default circleRoutes;
