/**
 * Entry reads (spec/calls.md "Posts, comments and sharing"): home (viewMode all), a
 * member's suite, a circle's or slate's suite (postType group / page), the archive
 * (saved), search, and one entry. Every mode filters by the
 * entry privacy (visibility.ts) in SQL; a visitor's read of another member's suite also
 * follows that member's 'suite' feature privacy (accessCode 106 and no rows when hidden).
 * Writes: writes.ts (create, share, delete, privacy), actions.ts (save, report, rate, vote).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keptAnswers } from '../../http/kept-answers';
import { z } from 'zod';
import { ACCESS_OK, ACCESS_RESTRICTED, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import {
  ENTRY_MESSAGES,
  ENTRY_PATHS,
  FEED_PAGE_SIZE,
  feedQuery,
  postCodeParams,
  postItem,
  searchKeywordQuery,
  searchParams,
} from '../../../contract/entries';
import type { Db } from '../../db/client';
import { fieldError, HttpError } from '../../http-error';
import { memberOf, type Member } from '../../plugins/auth';
import { viewFeature } from '../../policy/viewing';
import { CIRCLE_MESSAGES } from '../../../contract/circles';
import { featureVisible, loadOrigin, notFound } from '../../policy/origins';
import entryActionRoutes from './actions';
import { filterShape, filtersNameViewer, type FeedMode } from './feed-where';
import { wordsQuery } from '../../domain/search/words';
import { feedPage } from './feed-page';
import { loadItem } from './read-repo';
import { searchItems, searchTables } from './search-repo';
import entryWriteRoutes from './writes';

const path = (p: string) => `/${p}`;
const feedAnswer = envelope(z.object({ userPosts: z.array(postItem) }));
const searchAnswer = envelope(z.object({ searchedPost: z.array(postItem) }));
type FeedQuery = z.infer<typeof feedQuery>;

const pageOf = (q: FeedQuery) => ({ pageNo: q.pageNo, pageSize: q.pageSize ?? FEED_PAGE_SIZE });

/**
 * Feed pages and searches, kept per viewer as the bytes sent (http/kept-answers.ts) until a
 * table their statements read is written: at most 10,000 answers (~2 KB each in brotli).
 */
const keptFeed = keptAnswers(10_000);

/**
 * Feed mode circle / slate: the circle's or slate's id; 404 when the viewer may not read it
 * (policy/origins.ts), null when its 'entries' privacy hides them from the viewer (106).
 */
async function originId(db: Db, me: Member, postType: 'group' | 'page', code: string | undefined): Promise<number | null> {
  if (!code) throw fieldError('profileCode', CIRCLE_MESSAGES.targetRequired);
  const kind = postType === 'group' ? 'circle' : 'slate';
  const origin = await loadOrigin(db, kind, code, me.id);
  if (!origin) throw notFound(kind);
  return featureVisible(origin, 'entries') ? origin.id : null;
}

const entryRoutes: FastifyPluginAsyncZod = async (app) => {
  /** One page of a feed mode for the caller: read, or its kept bytes. */
  const sendFeed = (request: FastifyRequest<{ Querystring: FeedQuery }>, reply: FastifyReply, mode: FeedMode, target?: number) => {
    const me = memberOf(request);
    const page = feedPage(app.feedDb, me.id, { mode, codes: request.query.featureCodes ?? [], target }, pageOf(request.query));
    return keptFeed(request, reply, app.feedDb, page.key, page.tables, async () => {
      const { rows, total } = await page.read();
      return { code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: { userPosts: rows }, totalRecords: total };
    });
  };

  app.get(path(ENTRY_PATHS.home), {
    config: { access: 'member' },
    schema: { tags: ['entries'], querystring: feedQuery, response: { 200: feedAnswer } },
    handler: async (request, reply) => sendFeed(request, reply, 'home'),
  });

  app.get(path(ENTRY_PATHS.suite), {
    config: { access: 'member' },
    schema: { tags: ['entries'], querystring: feedQuery, response: { 200: feedAnswer } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { postType } = request.query;
      // Who may read it is decided at every request (kept apart, policy/): only the page is kept.
      if (postType === 'group' || postType === 'page') {
        const id = await originId(app.db, me, postType, request.query.profileCode);
        if (id === null) return { code: CODE_OK, message: 'Hidden by the owner.', accessCode: ACCESS_RESTRICTED };
        return sendFeed(request, reply, postType === 'group' ? 'circle' : 'slate', id);
      }
      // A member's suite: its 'suite' privacy (circles and slates above have their own rules).
      const owner = await viewFeature(app.db, me, request.query.userCode ?? request.query.profileCode, 'suite');
      if (!owner.visible) return { code: CODE_OK, message: 'Hidden by the member.', accessCode: ACCESS_RESTRICTED };
      return sendFeed(request, reply, 'suite', owner.id);
    },
  });

  app.get(path(ENTRY_PATHS.saved), {
    config: { access: 'member' },
    schema: { tags: ['entries'], querystring: feedQuery, response: { 200: feedAnswer } },
    handler: async (request, reply) => sendFeed(request, reply, 'saved'),
  });

  /** Entries whose text matches `text`, among those `me` may see (searchPost and search/post): read, or its kept bytes. */
  const searchEntries = async (request: FastifyRequest, reply: FastifyReply, text: string, query: FeedQuery) => {
    const me = memberOf(request);
    const codes = query.featureCodes ?? [];
    const page = pageOf(query);
    const shape = filterShape(codes).join(',');
    return keptFeed(request, reply, app.db, `search:${me.id}:${shape}:${page.pageNo}:${page.pageSize}:${text}`, searchTables(app.db), async () => {
      // A search whose filters name no viewer is the same for every member.
      const shared = filtersNameViewer(codes) ? undefined : `${text}|${shape}`;
      const { rows, total } = await searchItems(app.db, app.feedDb, me.id, await wordsQuery(app.db, text), filterShape(codes), page, undefined, shared);
      return { code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: { searchedPost: rows }, totalRecords: total };
    });
  };

  // The contract encodes the text; the route pattern needs the bare ':searchText'.
  app.get(decodeURIComponent(path(ENTRY_PATHS.search(':searchText'))), {
    config: { access: 'member' },
    schema: { tags: ['entries'], params: searchParams, querystring: feedQuery, response: { 200: searchAnswer } },
    handler: async (request, reply) => searchEntries(request, reply, request.params.searchText, request.query),
  });

  app.get(path(ENTRY_PATHS.searchByKeyword), {
    config: { access: 'member' },
    schema: { tags: ['entries'], querystring: searchKeywordQuery, response: { 200: searchAnswer } },
    handler: async (request, reply) => searchEntries(request, reply, request.query.keyword, request.query),
  });

  app.get(path(ENTRY_PATHS.entry(':postCode')), {
    config: { access: 'member' },
    schema: { tags: ['entries'], params: postCodeParams, response: { 200: envelope(postItem) } },
    handler: async (request) => {
      const item = await loadItem(app.db, memberOf(request).id, request.params.postCode);
      if (!item) throw new HttpError(404, ENTRY_MESSAGES.notFound);
      return { code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: item };
    },
  });

  await app.register(entryWriteRoutes);
  await app.register(entryActionRoutes);
};

export default entryRoutes;
