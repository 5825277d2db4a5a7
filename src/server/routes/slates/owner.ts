/**
 * A slate's followers and its admin's answers (spec/calls.md "Slates", spec §2.10 "Slate
 * followers page"): the followers (whoever may read the slate, under its 'members'
 * privacy), and for the admin only the asks to follow and the writes on them and on
 * followers. A request code is the asking member's userCode. Each write runs once per
 * Idempotency-Key and answers whom it was about and the counts now.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CIRCLE_FORM_MESSAGES,
  followerCodeParams,
  MEMBERS_PAGE_SIZE,
  originRequest,
  ownerActionResult,
  pageReferenceParams,
  slateFollower,
} from '../../../contract/circle-admin';
import { pageCodeParams, SLATE_PATHS } from '../../../contract/circles';
import { ACCESS_OK, CODE_CREATED, CODE_OK, STATUS_ACTIVE } from '../../../contract/codes';
import { envelope, pageQuery } from '../../../contract/envelope';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import { writeOnce } from '../../plugins/idempotency';
import { originOf } from '../../plugins/policy';
import type { Origin } from '../../policy/origins';
import { findMember } from '../../domain/members';
import type { Listed } from '../../domain/paging';
import { addFollower, deleteAsk, dismissSlate, removeFollower } from '../../domain/slates/membership';
import { listAsks, listFollowers, slateCounts } from '../../domain/slates/people';

type Other = { id: number; userCode: string };
type Outcome = { status: number; message: string };
type Act = (tx: Db, slate: Origin, other: Other) => Promise<Outcome>;

const path = (p: string) => `/${p}`;
const owner = { origin: 'slate', at: 'params.pageCode', role: 'owner' } as const;
const result = envelope(ownerActionResult);
const listed = <T>({ rows, total }: Listed<T>) => ({ code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: rows, totalRecords: total });
const pageOf = (q: { pageNo: number; pageSize?: number }) => ({ pageNo: q.pageNo, pageSize: q.pageSize ?? MEMBERS_PAGE_SIZE });

const acceptAsk: Act = async (tx, slate, other) => {
  if (slate.statusCode !== STATUS_ACTIVE) throw new HttpError(403, CIRCLE_FORM_MESSAGES.paused);
  if (!(await deleteAsk(tx, slate.id, other.id))) throw new HttpError(404, CIRCLE_FORM_MESSAGES.noRequest);
  await addFollower(tx, slate.id, other.id);
  return { status: CODE_CREATED, message: 'Ask accepted: a new follower.' };
};

const rejectAsk: Act = async (tx, slate, other) => {
  if (!(await deleteAsk(tx, slate.id, other.id))) throw new HttpError(404, CIRCLE_FORM_MESSAGES.noRequest);
  // A refused member is not suggested the slate again (they may still find it and ask).
  await dismissSlate(tx, slate.id, other.id);
  return { status: CODE_OK, message: 'Ask rejected.' };
};

const removeOne: Act = async (tx, slate, other) => {
  if (!(await removeFollower(tx, slate.id, other.id))) throw new HttpError(404, CIRCLE_FORM_MESSAGES.notFollower);
  return { status: CODE_OK, message: 'Follower removed.' };
};

const slateOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(path(SLATE_PATHS.followers(':pageCode')), {
    config: { access: { origin: 'slate', at: 'params.pageCode', role: 'reader', reads: 'members' } },
    schema: { tags: ['slates'], params: pageCodeParams, querystring: pageQuery, response: { 200: envelope(z.array(slateFollower)) } },
    handler: async (request) => listed(await listFollowers(app.db, originOf(request).id, pageOf(request.query))),
  });

  app.get(path(SLATE_PATHS.followerRequests(':pageCode')), {
    config: { access: owner },
    schema: { tags: ['slates'], params: pageCodeParams, querystring: pageQuery, response: { 200: envelope(z.array(originRequest)) } },
    handler: async (request) => listed(await listAsks(app.db, originOf(request).id, pageOf(request.query))),
  });

  const register = (method: 'POST' | 'PUT', url: string, params: z.ZodObject, param: string, act: Act, missing: () => HttpError) =>
    app.route({
      method,
      url: path(url),
      config: { access: owner, write: 'once' },
      schema: { tags: ['slates'], params, response: { 200: result, 201: result } },
      handler: async (request, reply) => {
        const slate = originOf(request);
        const code = (request.params as Record<string, string>)[param]!;
        return writeOnce(request, reply, async (tx) => {
          const other = await findMember(tx, code);
          if (!other) throw missing();
          const { status, message } = await act(tx, slate, other);
          const data = { code: slate.code, userCode: other.userCode, ...(await slateCounts(tx, slate.id)) };
          return { status, body: { code: status, message, data } };
        });
      },
    });
  const noRequest = () => new HttpError(404, CIRCLE_FORM_MESSAGES.noRequest);
  register('POST', SLATE_PATHS.requestAccept(':pageCode', ':referenceCode'), pageReferenceParams, 'referenceCode', acceptAsk, noRequest);
  register('PUT', SLATE_PATHS.requestReject(':pageCode', ':referenceCode'), pageReferenceParams, 'referenceCode', rejectAsk, noRequest);
  register('POST', SLATE_PATHS.followerRemove(':pageCode', ':followerCode'), followerCodeParams, 'followerCode', removeOne, () => new HttpError(404, CIRCLE_FORM_MESSAGES.notFollower));
};

export default slateOwnerRoutes;
