/**
 * Slate reads (spec/calls.md "Slates"; contract/circles.ts): one slate's details and the
 * lists of spec §2.10 — a member's own and followed slates (a visitor's under that
 * member's 'slates' privacy), my asks to follow and my suggestions. A slate the viewer may
 * not read (or a paused one, to anyone but its admin) answers 404 like a missing one.
 * Writes: form.ts (create, update, remove), membership.ts (follow, Later, unfollow),
 * owner.ts (followers, asks and the admin's answers), settings.ts (chart and privacy).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CIRCLE_LIST_PAGE_SIZE, circleListQuery, pageCodeParams, SLATE_PATHS, slateCard, slateDetails } from '../../../contract/circles';
import { ACCESS_OK, CODE_OK } from '../../../contract/codes';
import { envelope, pageQuery } from '../../../contract/envelope';
import { notFound } from '../../policy/origins';
import type { Access } from '../../policy/rules';
import { memberOf } from '../../plugins/auth';
import { originOf, viewedOf } from '../../plugins/policy';
import { loadSlateById } from '../../domain/circles/repo';
import type { Listed, Page } from '../../domain/paging';
import { listAsked, listSlatesOf, listSlateSuggestions } from '../../domain/slates/lists';
import slateFormRoutes from './form';
import slateMembershipRoutes from './membership';
import slateOwnerRoutes from './owner';

const path = (p: string) => `/${p}`;
const pageOf = (q: { pageNo: number; pageSize?: number }): Page => ({ pageNo: q.pageNo, pageSize: q.pageSize ?? CIRCLE_LIST_PAGE_SIZE });
const listed = <T>({ rows, total }: Listed<T>) => ({ code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: rows, totalRecords: total });
/** Another member's lists (`friendCode`) show only under their 'slates' privacy (hidden: accessCode 106). */
const whoseSlates: Access = { reads: 'slates', of: 'query.friendCode' };

const slateRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the lists a visitor reads of another member (`whoseSlates`) take `friendCode`.
  const listRoute = (url: string, access: Access, list: (me: number, whose: number, page: Page) => Promise<Listed<z.output<typeof slateCard>>>) =>
    app.get(path(url), {
      config: { access },
      schema: { tags: ['slates'], querystring: access === whoseSlates ? circleListQuery : pageQuery, response: { 200: envelope(z.array(slateCard)) } },
      handler: async (request) => {
        const me = memberOf(request).id;
        const whose = typeof access === 'object' && 'reads' in access ? viewedOf(request).id : me;
        return listed(await list(me, whose, pageOf(request.query)));
      },
    });

  app.get(path(SLATE_PATHS.slate(':pageCode')), {
    config: { access: { origin: 'slate', at: 'params.pageCode', role: 'reader' } },
    schema: { tags: ['slates'], params: pageCodeParams, response: { 200: envelope(slateDetails) } },
    handler: async (request) => {
      const found = await loadSlateById(app.db, memberOf(request).id, originOf(request).id);
      if (!found) throw notFound('slate');
      const { id: _id, ...data } = found;
      return { code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data };
    },
  });
  listRoute(SLATE_PATHS.own, whoseSlates, (me, whose, page) => listSlatesOf(app.db, whose, me, 'own', page));
  listRoute(SLATE_PATHS.following, whoseSlates, (me, whose, page) => listSlatesOf(app.db, whose, me, 'following', page));
  listRoute(SLATE_PATHS.requested, 'member', (me, _whose, page) => listAsked(app.db, me, page));
  listRoute(SLATE_PATHS.suggestions, 'member', (me, _whose, page) => listSlateSuggestions(app.db, me, page));

  await app.register(slateFormRoutes);
  await app.register(slateMembershipRoutes);
  await app.register(slateOwnerRoutes);
};

export default slateRoutes;
