/**
 * Circle and slate reads (spec/calls.md "Circles" / "Slates"; contract/circles.ts): one
 * circle's or slate's details and the viewer's own lists (the side menu and the share
 * targets read these). A circle or slate the viewer may not read answers 404 with the
 * same words as a missing one, so its existence does not leak. Creating, editing and
 * membership requests come with the circles-and-slates screens.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CIRCLE_LIST_PAGE_SIZE,
  CIRCLE_MESSAGES,
  CIRCLE_PATHS,
  circleCard,
  circleDetails,
  circleListQuery,
  groupCodeParams,
  pageCodeParams,
  SLATE_PATHS,
  slateCard,
  slateDetails,
} from '../../../contract/circles';
import { ACCESS_OK, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import { HttpError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { listCircles, listSlates, loadCircle, loadSlate, type Listed, type Page } from '../../domain/circles/repo';

const path = (p: string) => `/${p}`;
const pageOf = (q: { pageNo: number; pageSize?: number }) => ({ pageNo: q.pageNo, pageSize: q.pageSize ?? CIRCLE_LIST_PAGE_SIZE });
const listed = <T>({ rows, total }: Listed<T>) => ({ code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: rows, totalRecords: total });

const circleRoutes: FastifyPluginAsyncZod = async (app) => {
  /** One of the viewer's lists (circles or slates), paged; every list route is this shape. */
  const listRoute = <C extends z.ZodType>(
    url: string,
    tag: 'circles' | 'slates',
    card: C,
    list: (me: number, page: Page) => Promise<Listed<z.output<C>>>,
  ) =>
    app.get(path(url), {
      config: { access: 'member' },
      schema: { tags: [tag], querystring: circleListQuery, response: { 200: envelope(z.array(card)) } },
      handler: async (request) => listed(await list(memberOf(request).id, pageOf(request.query))),
    });

  app.get(path(CIRCLE_PATHS.circle(':groupCode')), {
    config: { access: 'member' },
    schema: { tags: ['circles'], params: groupCodeParams, response: { 200: envelope(circleDetails) } },
    handler: async (request) => {
      const found = await loadCircle(app.db, memberOf(request).id, request.params.groupCode);
      if (!found) throw new HttpError(404, CIRCLE_MESSAGES.circleNotFound);
      const { id: _id, ...data } = found;
      return { code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data };
    },
  });
  listRoute(CIRCLE_PATHS.own, 'circles', circleCard, (me, page) => listCircles(app.db, me, 'own', page));
  listRoute(CIRCLE_PATHS.active, 'circles', circleCard, (me, page) => listCircles(app.db, me, 'active', page));

  app.get(path(SLATE_PATHS.slate(':pageCode')), {
    config: { access: 'member' },
    schema: { tags: ['slates'], params: pageCodeParams, response: { 200: envelope(slateDetails) } },
    handler: async (request) => {
      const found = await loadSlate(app.db, memberOf(request).id, request.params.pageCode);
      if (!found) throw new HttpError(404, CIRCLE_MESSAGES.slateNotFound);
      const { id: _id, ...data } = found;
      return { code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data };
    },
  });
  listRoute(SLATE_PATHS.own, 'slates', slateCard, (me, page) => listSlates(app.db, me, 'own', page));
  listRoute(SLATE_PATHS.following, 'slates', slateCard, (me, page) => listSlates(app.db, me, 'following', page));
};

export default circleRoutes;
