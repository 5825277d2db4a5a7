/**
 * Making and removing circles (spec/calls.md "Circles": POST user/group, PUT and DELETE
 * user/group/{groupCode}; spec §5 "Circle form"; contract/circle-admin.ts circleForm).
 * Each write runs once per Idempotency-Key. The type must be a profession of the master
 * list; the category follows it. Create and update answer the circle's details (201).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CIRCLE_FORM_MESSAGES, circleForm, type CircleForm } from '../../../contract/circle-admin';
import { CIRCLE_PATHS, circleDetails, groupCodeParams } from '../../../contract/circles';
import { CODE_CREATED, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import type { Db } from '../../db/client';
import { fieldError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import { originOf } from '../../plugins/policy';
import { notFound } from '../../policy/origins';
import { createCircle, deleteCircle, updateCircle } from '../../domain/circles/form';
import { loadCircleById } from '../../domain/circles/repo';
import { professionExists } from '../../domain/members';
import * as store from '../../domain/pictures/store';

const path = (p: string) => `/${p}`;
const owner = { origin: 'circle', at: 'params.groupCode', role: 'owner' } as const;
const details = envelope(circleDetails);

async function checkType(db: Db, form: CircleForm): Promise<void> {
  if (!(await professionExists(db, form.groupType))) throw fieldError('groupType', CIRCLE_FORM_MESSAGES.circleType);
}

async function detailsOf(db: Db, viewerId: number, circleId: number) {
  const found = await loadCircleById(db, viewerId, circleId);
  if (!found) throw notFound('circle');
  const { id: _id, ...data } = found;
  return data;
}

const circleFormRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(path(CIRCLE_PATHS.create), {
    // Owning circles comes with the plan (Ruby and Sapphire); joining one does not.
    config: { access: { plan: 'group' }, write: 'once' },
    schema: { tags: ['circles'], body: circleForm, response: { 201: details } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        await checkType(tx, request.body);
        const id = await createCircle(tx, me.id, request.body);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Circle created.', data: await detailsOf(tx, me.id, id) } };
      });
    },
  });

  app.put(path(CIRCLE_PATHS.circle(':groupCode')), {
    config: { access: owner, write: 'once' },
    schema: { tags: ['circles'], params: groupCodeParams, body: circleForm, response: { 201: details } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const circle = originOf(request);
      return writeOnce(request, reply, async (tx) => {
        await checkType(tx, request.body);
        await updateCircle(tx, circle.id, request.body);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Circle updated.', data: await detailsOf(tx, me.id, circle.id) } };
      });
    },
  });

  app.delete(path(CIRCLE_PATHS.circle(':groupCode')), {
    config: { access: owner, write: 'once' },
    schema: { tags: ['circles'], params: groupCodeParams, response: { 200: envelope(z.object({ groupCode: z.string() })) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const circle = originOf(request);
      let files: Awaited<ReturnType<typeof store.forgetMedia>> = [];
      const sent = await writeOnce(request, reply, async (tx) => {
        const picture = await deleteCircle(tx, circle.id);
        // The picture's files are the owner's media: their rows go with the circle, the files after it.
        if (picture) files = await store.forgetMedia(tx, me.id, picture);
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Circle removed.', data: { groupCode: circle.code } } };
      });
      await app.mediaFiles.remove(files);
      return sent;
    },
  });
};

export default circleFormRoutes;
