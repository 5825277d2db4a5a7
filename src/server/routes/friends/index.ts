/**
 * Billionett reads (spec/calls.md "Friends"): the friends list (also a visitor's, read-only,
 * by the owner's privacy), search, suggestions, requests received and sent, and the report
 * by category. Writes live in writes.ts, references in references.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_OK } from '../../../contract/codes';
import { envelope, pageQuery } from '../../../contract/envelope';
import {
  connectionCard,
  FRIEND_PATHS,
  FRIEND_REPORT_OTHERS,
  FRIEND_REPORT_SLICES,
  FRIENDS_PAGE_SIZE,
  friendListQuery,
  friendReportSlice,
  friendSearchParams,
  type FriendReportSlice,
} from '../../../contract/friends';
import { memberOf } from '../../plugins/auth';
import { viewedOf } from '../../plugins/policy';
import referenceRoutes from './references';
import { countByProfession, listFriends, listRequests, type Listed } from './repo';
import { listSuggestions } from './suggestions';
import friendWriteRoutes from './writes';

const path = (p: string) => `/${p}`;
const cards = envelope(z.array(connectionCard));
const pageOf = (q: { pageNo: number; pageSize?: number }) => ({ pageNo: q.pageNo, pageSize: q.pageSize ?? FRIENDS_PAGE_SIZE });
const listed = ({ rows, total }: Listed) => ({ code: 200, message: 'ok', accessCode: ACCESS_OK, data: rows, totalRecords: total });

/** The five largest professions, the rest summed as 'Others' (a pie stays readable). */
function slices(groups: { code: string; name: string; count: number }[]): FriendReportSlice[] {
  const top = groups.slice(0, FRIEND_REPORT_SLICES).map((g) => ({ categoryCode: g.code, categoryName: g.name || FRIEND_REPORT_OTHERS, count: g.count }));
  const rest = groups.slice(FRIEND_REPORT_SLICES).reduce((sum, g) => sum + g.count, 0);
  return rest > 0 ? [...top, { categoryCode: 'others', categoryName: FRIEND_REPORT_OTHERS, count: rest }] : top;
}

const friendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(path(FRIEND_PATHS.friends), {
    config: { access: { reads: 'billionetts', of: 'query.userCode' } },
    schema: { tags: ['friends'], querystring: friendListQuery, response: { 200: cards } },
    handler: async (request) => {
      const owner = viewedOf(request);
      return listed(await listFriends(app.db, owner.id, pageOf(request.query)));
    },
  });

  // The contract encodes the keyword; the route pattern needs the bare ':keyWord'.
  app.get(decodeURIComponent(path(FRIEND_PATHS.search(':keyWord'))), {
    config: { access: { reads: 'billionetts', of: 'query.userCode' } },
    schema: { tags: ['friends'], params: friendSearchParams, querystring: friendListQuery, response: { 200: cards } },
    handler: async (request) => {
      const owner = viewedOf(request);
      return listed(await listFriends(app.db, owner.id, pageOf(request.query), request.params.keyWord));
    },
  });

  app.get(path(FRIEND_PATHS.suggestions), {
    config: { access: 'member' },
    schema: { tags: ['friends'], querystring: pageQuery, response: { 200: cards } },
    handler: async (request) => listed(await listSuggestions(app.db, memberOf(request).id, pageOf(request.query))),
  });

  app.get(path(FRIEND_PATHS.requests), {
    config: { access: 'member' },
    schema: { tags: ['friends'], querystring: pageQuery, response: { 200: cards } },
    handler: async (request) => listed(await listRequests(app.db, memberOf(request).id, 'received', pageOf(request.query))),
  });

  app.get(path(FRIEND_PATHS.requested), {
    config: { access: 'member' },
    schema: { tags: ['friends'], querystring: pageQuery, response: { 200: cards } },
    handler: async (request) => listed(await listRequests(app.db, memberOf(request).id, 'sent', pageOf(request.query))),
  });

  app.get(path(FRIEND_PATHS.report), {
    config: { access: { reads: 'billionetts', of: 'query.userCode' } },
    schema: {
      tags: ['friends'],
      querystring: z.object({ userCode: z.string().min(1).max(40).optional() }),
      response: { 200: envelope(z.array(friendReportSlice)) },
    },
    handler: async (request) => {
      const owner = viewedOf(request);
      const groups = await countByProfession(app.db, owner.id);
      const total = groups.reduce((sum, g) => sum + g.count, 0);
      return { code: 200, message: 'ok', accessCode: ACCESS_OK, data: slices(groups), totalRecords: total };
    },
  });

  await app.register(friendWriteRoutes);
  await app.register(referenceRoutes);
};

export default friendRoutes;
