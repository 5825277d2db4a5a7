/**
 * Profile pictures (spec/calls.md "User profile"): temp upload (private to its owner),
 * crop into the variants (public, immutable), removal back to the default avatar; and the
 * media URL template of contract/pictures.ts. Uploads are online-only, so no Idempotency-Key:
 * a repeated upload only leaves another temp file, purged after a day.
 */
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODE_CREATED } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import {
  cropFields,
  IMAGE_NAME_PATTERN,
  imageAnswer,
  PICTURE_MESSAGES,
  PICTURE_PATHS,
  removeDpAnswer,
  UPLOAD_MAX_BYTES,
  type CropFields,
} from '../../../contract/pictures';
import { userCodeParams } from '../../../contract/user';
import { users } from '../../db/schema/accounts';
import { HttpError } from '../../http-error';
import { readForm as readSharedForm } from '../../multipart-form';
import { memberOf } from '../../plugins/auth';
import { ownerOfForm } from '../../plugins/policy';
import { validationErrors } from '../../plugins/errors';
import * as store from '../../domain/pictures/store';

/** Reads the form; the cap is this plugin's multipart limit (UPLOAD_MAX_BYTES). */
const readForm = (app: FastifyInstance, request: FastifyRequest) =>
  readSharedForm(app, request, {
    notMultipart: 'Please send the picture as multipart/form-data.',
    oneFile: 'Please send one picture at a time.',
    tooLarge: PICTURE_MESSAGES.tooLarge,
  });

/** Drops the member's current picture files (after the new name is committed). */
async function dropPicture(app: FastifyInstance, memberId: number, previous: string | null): Promise<void> {
  if (!previous) return;
  const files = await store.forgetMedia(app.db, memberId, previous);
  await store.unlinkAll(app.mediaDir, files);
}

async function currentDp(app: FastifyInstance, memberId: number): Promise<string | null> {
  const [row] = await app.db.select({ profileDp: users.profileDp }).from(users).where(eq(users.id, memberId)).limit(1);
  return row?.profileDp ?? null;
}

async function cropInput(app: FastifyInstance, request: FastifyRequest): Promise<CropFields> {
  const raw = request.isMultipart() ? (await readForm(app, request)).fields : request.body;
  const parsed = cropFields.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ instancePath: `/${i.path.join('/')}`, message: i.message }));
    const errors = validationErrors(issues, 'body', raw);
    throw new HttpError(400, Object.values(errors)[0]?.[0] ?? 'The request could not be read.', errors);
  }
  return parsed.data;
}

const pictureRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: only these routes accept multipart.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: 1000, parts: 22 } });

  app.post(`/${PICTURE_PATHS.uploadTemp(':userCode')}`, {
    config: { access: { owner: 'params.userCode' }, write: { repeatable: 'each upload is a new temporary file, and unused ones are swept' } },
    schema: { tags: ['pictures'], params: userCodeParams, response: { 201: envelope(imageAnswer) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const form = await readForm(app, request);
      if (!form.file) throw new HttpError(400, 'Please choose a picture.', { uploadImage: ['Please choose a picture.'] });
      const info = await store.inspectImage(form.file.bytes);
      if (!info) {
        const message = PICTURE_MESSAGES.uploadFailed(form.file.filename || 'The');
        throw new HttpError(400, message, { uploadImage: [message] });
      }
      const imageName = await store.saveTemp(app.db, app.mediaDir, me.id, form.file.bytes, info);
      return reply.code(CODE_CREATED).send({ code: CODE_CREATED, message: 'Picture uploaded.', data: { imageName } });
    },
  });

  app.post(`/${PICTURE_PATHS.crop}`, {
    config: { access: { owner: 'form.userCode' }, write: { repeatable: 'the cropped temporary picture is used up: a repeat answers 404 and changes nothing' } },
    schema: { tags: ['pictures'], response: { 201: envelope(imageAnswer) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const input = await cropInput(app, request);
      ownerOfForm(request, input.userCode);
      // Circle and slate pictures arrive with those areas.
      if (input.dpType) throw new HttpError(400, 'Circle and slate pictures are not available yet.');
      const temp = await store.findTemp(app.db, me.id, input.imageName);
      if (!temp) throw new HttpError(404, PICTURE_MESSAGES.tempMissing);
      if (input.x + input.w > temp.width || input.y + input.h > temp.height) {
        throw new HttpError(400, PICTURE_MESSAGES.cropOutside, { crop: [PICTURE_MESSAGES.cropOutside] });
      }
      const original = await store.readMedia(app.mediaDir, 'temp', temp.fileName);
      const variants = await store.renderVariants(original, input);
      const previous = await currentDp(app, me.id);
      const imageName = await app.db.transaction(async (tx) => {
        const name = await store.saveVariants(tx, app.mediaDir, me.id, variants);
        await tx.update(users).set({ profileDp: name }).where(eq(users.id, me.id));
        return name;
      });
      await dropPicture(app, me.id, previous);
      await dropPicture(app, me.id, temp.fileName);
      return reply.code(CODE_CREATED).send({ code: CODE_CREATED, message: 'Profile picture updated.', data: { imageName } });
    },
  });

  app.post(`/${PICTURE_PATHS.removeDp(':userCode')}`, {
    config: { access: { owner: 'params.userCode' }, write: { repeatable: 'removing the picture twice leaves none, as once' } },
    schema: { tags: ['pictures'], params: userCodeParams, response: { 201: envelope(removeDpAnswer) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const previous = await currentDp(app, me.id);
      await app.db.update(users).set({ profileDp: null }).where(eq(users.id, me.id));
      await dropPicture(app, me.id, previous);
      return reply.code(CODE_CREATED).send({ code: CODE_CREATED, message: 'Profile picture removed.', data: { profileDp: null } });
    },
  });

  // The temp picture before cropping: its owner only (others get 404, not a hint it exists).
  app.get('/media/temp/:fileName', {
    config: { access: 'member' },
    schema: { tags: ['pictures'], params: z.object({ fileName: z.string().regex(IMAGE_NAME_PATTERN) }) },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const temp = await store.findTemp(app.db, me.id, request.params.fileName);
      if (!temp) throw new HttpError(404, 'Not found.');
      const bytes = await store.readMedia(app.mediaDir, 'temp', temp.fileName);
      return reply.header('cache-control', 'private, no-store').type(temp.mimeType).send(bytes);
    },
  });
};

export default pictureRoutes;
