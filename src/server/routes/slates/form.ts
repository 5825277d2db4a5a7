/**
 * Making and removing slates (spec/calls.md "Slates": POST user/page, PUT and DELETE
 * user/page/{pageCode}; spec §5 "Slate form"; contract/circle-admin.ts slateForm). Each
 * write runs once per Idempotency-Key; owning slates comes with the plan (Sapphire). The
 * type must be a profession; the category follows it. Create and update answer the details.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CIRCLE_FORM_MESSAGES, slateForm, type SlateForm } from '../../../contract/circle-admin';
import { pageCodeParams, SLATE_PATHS, slateDetails } from '../../../contract/circles';
import { CODE_CREATED, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import type { Db } from '../../db/client';
import { fieldError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import { originOf } from '../../plugins/policy';
import { notFound } from '../../policy/origins';
import { loadSlateById } from '../../domain/circles/repo';
import { professionExists } from '../../domain/members';
import * as store from '../../domain/pictures/store';
import { createSlate, deleteSlate, updateSlate } from '../../domain/slates/form';

const path = (p: string) => `/${p}`;
const owner = { origin: 'slate', at: 'params.pageCode', role: 'owner' } as const;
const details = envelope(slateDetails);

async function checkType(db: Db, form: SlateForm): Promise<void> {
  if (!(await professionExists(db, form.pageType))) throw fieldError('pageType', CIRCLE_FORM_MESSAGES.slateType);
}

async function detailsOf(db: Db, viewerId: number, slateId: number) {
  const found = await loadSlateById(db, viewerId, slateId);
  if (!found) throw notFound('slate');
  const { id: _id, ...data } = found;
  return data;
}

const slateFormRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(path(SLATE_PATHS.create), {
    config: { access: { plan: 'page' }, write: 'once' },
    schema: { tags: ['slates'], body: slateForm, response: { 201: details } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        await checkType(tx, request.body);
        const id = await createSlate(tx, me.id, request.body);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Slate created.', data: await detailsOf(tx, me.id, id) } };
      });
    },
  });

  app.put(path(SLATE_PATHS.slate(':pageCode')), {
    config: { access: owner, write: 'once' },
    schema: { tags: ['slates'], params: pageCodeParams, body: slateForm, response: { 201: details } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const slate = originOf(request);
      return writeOnce(request, reply, async (tx) => {
        await checkType(tx, request.body);
        await updateSlate(tx, slate.id, request.body);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Slate updated.', data: await detailsOf(tx, me.id, slate.id) } };
      });
    },
  });

  app.delete(path(SLATE_PATHS.slate(':pageCode')), {
    config: { access: owner, write: 'once' },
    schema: { tags: ['slates'], params: pageCodeParams, response: { 200: envelope(z.object({ pageCode: z.string() })) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const slate = originOf(request);
      let files: Awaited<ReturnType<typeof store.forgetMedia>> = [];
      const sent = await writeOnce(request, reply, async (tx) => {
        const picture = await deleteSlate(tx, slate.id);
        if (picture) files = await store.forgetMedia(tx, me.id, picture);
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Slate removed.', data: { pageCode: slate.code } } };
      });
      await app.mediaFiles.remove(files);
      return sent;
    },
  });
};

export default slateFormRoutes;
