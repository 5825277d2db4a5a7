/**
 * Reference candidates (spec/product.md §4 "Reference"): list, send, notify ("Request
 * again", increments notified) and remove. Only the owner sees or touches their references;
 * another member's refCode is simply not found. Online-only writes, still idempotent.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_OK, CODE_CREATED, CODE_OK, FIRST_PAGE } from '../../../contract/codes';
import { envelope, pageQuery } from '../../../contract/envelope';
import { FRIEND_PATHS, FRIENDS_PAGE_SIZE, referenceCodeParams, referenceRequest, referenceRow } from '../../../contract/friends';
import { MESSAGES } from '../../../contract/rules';
import { isUniqueViolation } from '../../db/client';
import { HttpError, fieldError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import { professionExists } from '../../domain/members';
import {
  bumpNotified,
  contactIsMember,
  deleteReference,
  insertReference,
  listReferences,
  loadReference,
  normalContact,
  referenceExists,
} from './references-repo';

const path = (p: string) => `/${p}`;
const one = envelope(referenceRow);
const refUrl = (toPath: (code: string) => string) => path(toPath(':referenceCode'));

const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(path(FRIEND_PATHS.references), {
    config: { access: 'member' },
    schema: { tags: ['friends'], querystring: pageQuery, response: { 200: envelope(z.array(referenceRow)) } },
    handler: async (request) => {
      const page = { pageNo: request.query.pageNo ?? FIRST_PAGE, pageSize: request.query.pageSize ?? FRIENDS_PAGE_SIZE };
      const { rows, total } = await listReferences(app.db, memberOf(request).id, page);
      return { code: 200, message: 'ok', accessCode: ACCESS_OK, data: rows, totalRecords: total };
    },
  });

  app.post(path(FRIEND_PATHS.referenceSend), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['friends'], body: referenceRequest, response: { 201: one } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const body = request.body;
      if (body.userCode && body.userCode !== me.userCode) throw new HttpError(403, 'You can only send references as yourself.');
      const contact = normalContact(body.email);
      try {
        return await writeOnce(request, reply, async (tx) => {
          if (!(await professionExists(tx, body.professioncode))) throw fieldError('professioncode', MESSAGES.professionRequired);
          // The spec's registration duplicate message: this person can already sign in.
          if (await contactIsMember(tx, contact)) throw new HttpError(409, MESSAGES.usernameExists, { email: [MESSAGES.usernameExists] });
          if (await referenceExists(tx, me.id, contact)) throw new HttpError(409, MESSAGES.referenceAlreadySent, { email: [MESSAGES.referenceAlreadySent] });
          const refCode = await insertReference(tx, { ownerId: me.id, name: body.name, contact, professionCode: body.professioncode });
          const data = await loadReference(tx, me.id, refCode);
          return { status: CODE_CREATED, body: { code: CODE_CREATED, message: MESSAGES.referenceSentText, data: data && stripContact(data) } };
        });
      } catch (error) {
        // The same contact sent twice at the same instant: the unique index decides.
        if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.referenceAlreadySent, { email: [MESSAGES.referenceAlreadySent] });
        throw error;
      }
    },
  });

  app.put(refUrl(FRIEND_PATHS.referenceNotify), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['friends'], params: referenceCodeParams, response: { 200: one } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const refCode = request.params.referenceCode;
      return writeOnce(request, reply, async (tx) => {
        const found = await loadReference(tx, me.id, refCode);
        if (!found) throw new HttpError(404, MESSAGES.referenceNotFound);
        if (found.refCandidateProfile) throw new HttpError(400, MESSAGES.referenceJoined);
        await bumpNotified(tx, me.id, refCode);
        const data = await loadReference(tx, me.id, refCode);
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Reference notified again.', data: data && stripContact(data) } };
      });
    },
  });

  app.delete(refUrl(FRIEND_PATHS.referenceDelete), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['friends'], params: referenceCodeParams, response: { 200: envelope(z.object({ refCode: z.string() })) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const refCode = request.params.referenceCode;
      return writeOnce(request, reply, async (tx) => {
        if (!(await deleteReference(tx, me.id, refCode))) throw new HttpError(404, MESSAGES.referenceNotFound);
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Reference removed.', data: { refCode } } };
      });
    },
  });
};

/** The contact the owner typed stays on the server (the row shape has no field for it). */
function stripContact<T extends { contact: string }>(row: T): Omit<T, 'contact'> {
  const { contact: _contact, ...rest } = row;
  return rest;
}

export default referenceRoutes;
