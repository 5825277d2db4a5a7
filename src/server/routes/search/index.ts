/**
 * Global search (spec/calls.md "Search"; contract/search.ts): search/users/{keyword},
 * search/groups and search/pages, 16 a page. Any member may search; what a circle's or
 * slate's privacy hides is neither listed nor counted (domain/search/queries.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/envelope';
import {
  SEARCH_CODE_NONE,
  SEARCH_CODE_OK,
  SEARCH_PAGE_SIZE,
  SEARCH_PATHS,
  searchedGroups,
  searchedPages,
  searchedUsers,
  searchQuery,
  userSearchParams,
} from '../../../contract/search';
import { pageQuery } from '../../../contract/envelope';
import { memberOf } from '../../plugins/auth';
import { searchCircles, searchMembers, searchSlates } from '../../domain/search/queries';

const pageOf = (q: { pageNo: number; pageSize?: number }) => ({ pageNo: q.pageNo, pageSize: q.pageSize ?? SEARCH_PAGE_SIZE });

/** Code 0 with the rows; nothing found is code 404 with an empty list (spec: the no-result state). */
function answer<K extends string, T>(field: K, { rows, total }: { rows: T[]; total: number }) {
  const found = total > 0;
  return { code: found ? SEARCH_CODE_OK : SEARCH_CODE_NONE, message: found ? 'ok' : 'Nothing found.', data: { [field]: rows } as Record<K, T[]>, totalRecords: total };
}

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // The contract encodes the keyword; the route pattern needs the bare ':keyword'.
  app.get(`/${decodeURIComponent(SEARCH_PATHS.users(':keyword'))}`, {
    config: { access: 'member' },
    schema: { tags: ['search'], params: userSearchParams, querystring: pageQuery, response: { 200: envelope(searchedUsers) } },
    handler: async (request) => answer('searchedUsers', await searchMembers(app.db, request.params.keyword, pageOf(request.query))),
  });

  app.get(`/${SEARCH_PATHS.groups}`, {
    config: { access: 'member' },
    schema: { tags: ['search'], querystring: searchQuery, response: { 200: envelope(searchedGroups) } },
    handler: async (request) =>
      answer('searchedGroups', await searchCircles(app.db, memberOf(request).id, request.query.keyword, pageOf(request.query))),
  });

  app.get(`/${SEARCH_PATHS.pages}`, {
    config: { access: 'member' },
    schema: { tags: ['search'], querystring: searchQuery, response: { 200: envelope(searchedPages) } },
    handler: async (request) =>
      answer('searchedPages', await searchSlates(app.db, memberOf(request).id, request.query.keyword, pageOf(request.query))),
  });
};

export default searchRoutes;
