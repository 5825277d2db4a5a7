/**
 * Profile pictures (spec/calls.md "User profile"): temp upload (private to its owner),
 * crop into the variants (public, immutable), removal back to the default avatar; and the
 * media URL template of contract/pictures.ts. Uploads are online-only, so no Idempotency-Key:
 * a repeated upload only leaves another temp file, purged after a day.
 * A circle's or slate's picture takes the same calls with dpType ('group' / 'page' to crop,
 * 'group-dp' / 'page-dp' to remove) and dpValue (its code): its owner only (403), and one
 * the caller may not read is 404 (policy/origins.ts). Its files are the owner's media.
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
import { loadOrigin, notFound, ownerOnly, type Origin, type OriginKind } from '../../policy/origins';
import { setOriginPicture } from '../../domain/circles/pictures';
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
  await app.mediaFiles.remove(files);
}

async function currentDp(app: FastifyInstance, memberId: number): Promise<string | null> {
  const [row] = await app.db.select({ profileDp: users.profileDp }).from(users).where(eq(users.id, memberId)).limit(1);
  return row?.profileDp ?? null;
}

/** Not in spec: the words for a circle or slate picture call without its code. */
const ORIGIN_CODE_MISSING = 'Choose the circle or slate.';

/** The body of the remove call for a circle or slate picture (spec: "sends dpType (group-dp or page-dp) and dpValue"). */
const removeDpBody = z
  .object({ dpType: z.enum(['group-dp', 'page-dp']).optional(), dpValue: z.string().min(1).max(40).optional() })
  // No body at all (a member's own picture) reaches the handler as null.
  .nullish();

/** The circle or slate whose picture the caller changes: theirs (403 otherwise), readable (404 otherwise). */
async function ownOrigin(app: FastifyInstance, memberId: number, kind: OriginKind, code: string | undefined): Promise<Origin> {
  if (!code) throw new HttpError(400, ORIGIN_CODE_MISSING, { dpValue: [ORIGIN_CODE_MISSING] });
  const origin = await loadOrigin(app.db, kind, code, memberId);
  if (!origin) throw notFound(kind);
  if (!origin.owner) throw ownerOnly();
  return origin;
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
      const imageName = await store.saveTemp(app.db, app.mediaFiles, me.id, form.file.bytes, info);
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
      const origin = input.dpType ? await ownOrigin(app, me.id, input.dpType === 'group' ? 'circle' : 'slate', input.dpValue) : null;
      const temp = await store.findTemp(app.db, me.id, input.imageName);
      if (!temp) throw new HttpError(404, PICTURE_MESSAGES.tempMissing);
      if (input.x + input.w > temp.width || input.y + input.h > temp.height) {
        throw new HttpError(400, PICTURE_MESSAGES.cropOutside, { crop: [PICTURE_MESSAGES.cropOutside] });
      }
      const original = await app.mediaFiles.read('temp', temp.fileName);
      if (!original) throw new HttpError(404, PICTURE_MESSAGES.tempMissing);
      const variants = await store.renderVariants(original, input);
      const previous = origin ? null : await currentDp(app, me.id);
      const [imageName, replaced] = await app.db.transaction(async (tx) => {
        const name = await store.saveVariants(tx, app.mediaFiles, me.id, variants);
        if (origin) return [name, await setOriginPicture(tx, origin.kind, origin.id, name)] as const;
        await tx.update(users).set({ profileDp: name }).where(eq(users.id, me.id));
        return [name, previous] as const;
      });
      await dropPicture(app, me.id, replaced);
      await dropPicture(app, me.id, temp.fileName);
      if (origin) {
        const message = origin.kind === 'circle' ? 'Circle picture updated.' : 'Slate picture updated.';
        return reply.code(CODE_CREATED).send({ code: CODE_CREATED, message, data: { imageName } });
      }
      return reply.code(CODE_CREATED).send({ code: CODE_CREATED, message: 'Profile picture updated.', data: { imageName } });
    },
  });

  app.post(`/${PICTURE_PATHS.removeDp(':userCode')}`, {
    config: { access: { owner: 'params.userCode' }, write: { repeatable: 'removing the picture twice leaves none, as once' } },
    schema: { tags: ['pictures'], params: userCodeParams, body: removeDpBody, response: { 201: envelope(removeDpAnswer) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const dpType = request.body?.dpType;
      if (dpType) {
        const origin = await ownOrigin(app, me.id, dpType === 'group-dp' ? 'circle' : 'slate', request.body?.dpValue);
        await dropPicture(app, me.id, await setOriginPicture(app.db, origin.kind, origin.id, null));
        const message = origin.kind === 'circle' ? 'Circle picture removed.' : 'Slate picture removed.';
        return reply.code(CODE_CREATED).send({ code: CODE_CREATED, message, data: { profileDp: null } });
      }
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
      const bytes = await app.mediaFiles.read('temp', temp.fileName);
      if (!bytes) throw new HttpError(404, 'Not found.');
      return reply.header('cache-control', 'private, no-store').type(temp.mimeType).send(bytes);
    },
  });
};

export default pictureRoutes;
