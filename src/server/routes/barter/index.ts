/**
 * Barter (spec/calls.md "Settings and other": Barter; contract/barter.ts): the listings
 * grid with its filters (service, distance from a point, a week's dates, a member), the
 * author's create / update / delete, the services picker, and search/service for the
 * global search. Privacy and the appear date narrow every read in SQL (domain/barter);
 * only the author changes a listing (`author` access rule: 404 hidden, 403 another's).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BARTER_MESSAGES,
  BARTER_PAGE_SIZE,
  BARTER_PATHS,
  barterForm,
  barterItem,
  barterQuery,
  barterSearchQuery,
  serviceCodeParams,
  serviceKind,
  servicesParams,
  type BarterForm,
} from '../../../contract/barter';
import { CODE_CREATED, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import { SEARCH_CODE_NONE, SEARCH_CODE_OK, SEARCH_PAGE_SIZE } from '../../../contract/search';
import type { Db } from '../../db/client';
import { checkFormDates, earliestToday } from '../../domain/barter/dates';
import { ownPictures } from '../../domain/barter/pictures';
import { codeTaken, createService, deleteService, filtersOf, itemById, kindExists, listServices, pictureCount, searchKinds, searchServices, updateService } from '../../domain/barter/repo';
import { findMember } from '../../domain/members';
import { fieldError, HttpError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import { authoredOf } from '../../plugins/policy';

const path = (p: string) => `/${p}`;
const author = { author: 'service', at: 'params.serviceCode' } as const;
const item = envelope(barterItem);
const list = envelope(z.object({ userServices: z.array(barterItem) }));

/** What the form says beyond its shape: a known service, dates that make sense. */
async function checkForm(db: Db, form: BarterForm): Promise<string> {
  if (!(await kindExists(db, form.serviceCode))) throw fieldError('serviceCode', BARTER_MESSAGES.unknownService);
  checkFormDates(form);
  return form.serviceAppearDate ?? earliestToday();
}

async function itemOrGone(db: Db, id: number) {
  const found = await itemById(db, id);
  if (!found) throw new HttpError(404, BARTER_MESSAGES.notFound);
  return found;
}

const barterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(path(BARTER_PATHS.all), {
    config: { access: 'member' },
    schema: { tags: ['barter'], querystring: barterQuery, response: { 200: list } },
    handler: async (request) => {
      const q = request.query;
      const me = memberOf(request).id;
      // A member's listings (their suite): an unknown member simply has none.
      const authorId = q.userCode ? ((await findMember(app.db, q.userCode))?.id ?? null) : undefined;
      const { rows, total } = await listServices(app.db, filtersOf(me, q, authorId), { pageNo: q.pageNo, pageSize: q.pageSize ?? BARTER_PAGE_SIZE });
      return { code: CODE_OK, message: 'ok', data: { userServices: rows }, totalRecords: total };
    },
  });

  app.post(path(BARTER_PATHS.post), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['barter'], body: barterForm, response: { 201: item } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        const appearOn = await checkForm(tx, request.body);
        const code = request.body.userServiceCode;
        if (code && (await codeTaken(tx, code))) throw new HttpError(409, BARTER_MESSAGES.codeTaken);
        const pictures = await ownPictures(tx, me.id, request.body.serviceGalleries.map((g) => g.path));
        const id = await createService(tx, me.id, request.body, appearOn, pictures);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Service added.', data: await itemOrGone(tx, id) } };
      });
    },
  });

  app.put(decodeURIComponent(path(BARTER_PATHS.one(':serviceCode'))), {
    config: { access: author, write: 'once' },
    schema: { tags: ['barter'], params: serviceCodeParams, body: barterForm, response: { 200: item } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { id } = authoredOf(request);
      return writeOnce(request, reply, async (tx) => {
        const appearOn = await checkForm(tx, request.body);
        const kept = new Set((await pictureCount(tx, id)).ids);
        // Pictures named with an id are ones the listing has; the rest are new uploads.
        const fresh = request.body.serviceGalleries.filter((g) => g.id === undefined || !kept.has(g.id));
        const added = await ownPictures(tx, me.id, fresh.map((g) => g.path));
        await updateService(tx, id, request.body, appearOn, added);
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Service updated.', data: await itemOrGone(tx, id) } };
      });
    },
  });

  app.delete(decodeURIComponent(path(BARTER_PATHS.one(':serviceCode'))), {
    config: { access: author, write: 'once' },
    schema: { tags: ['barter'], params: serviceCodeParams },
    handler: async (request, reply) => {
      const { id } = authoredOf(request);
      return writeOnce(request, reply, async (tx) => {
        await deleteService(tx, id);
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Service removed.' } };
      });
    },
  });

  // The contract encodes the name; the route pattern needs the bare ':serviceName'.
  app.get(decodeURIComponent(path(BARTER_PATHS.services(':serviceName'))), {
    config: { access: 'member' },
    schema: { tags: ['barter'], params: servicesParams, response: { 200: envelope(z.array(serviceKind)) } },
    handler: async (request) => {
      const data = await searchKinds(app.db, request.params.serviceName);
      return { code: SEARCH_CODE_OK, message: 'ok', data, totalRecords: data.length };
    },
  });

  app.get(path(BARTER_PATHS.search), {
    config: { access: 'member' },
    schema: { tags: ['barter', 'search'], querystring: barterSearchQuery, response: { 200: envelope(z.object({ searchedServices: z.array(barterItem) })) } },
    handler: async (request) => {
      const q = request.query;
      const { rows, total } = await searchServices(app.db, memberOf(request).id, q.keyword, { pageNo: q.pageNo, pageSize: q.pageSize ?? SEARCH_PAGE_SIZE });
      const found = total > 0;
      return { code: found ? SEARCH_CODE_OK : SEARCH_CODE_NONE, message: found ? 'ok' : 'Nothing found.', data: { searchedServices: rows }, totalRecords: total };
    },
  });
};

export default barterRoutes;
