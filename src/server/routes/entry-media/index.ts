/**
 * POST user/post/media (contract/media.ts): one image, video or audio for an entry's
 * gallery, judged by its content and capped by kind. The outbox replays uploads with an
 * Idempotency-Key, so the write goes through idempotentWrite: a repeat answers the first
 * answer and stores nothing (the files are written inside the reserving transaction; a
 * rolled-back write may leave an orphan file on disk, never a row).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CODE_CREATED } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import { MEDIA_LIMITS, MEDIA_MESSAGES, MEDIA_PATHS, mediaUpload } from '../../../contract/media';
import { HttpError } from '../../http-error';
import { readForm } from '../../multipart-form';
import { memberOf } from '../../plugins/auth';
import { formDigest, writeOnce } from '../../plugins/idempotency';
import { capOf, inspectUpload, saveGallery } from '../../domain/entry-media/store';

const ALBUM_MAX = 100;

const entryMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: the largest cap (video) is the multipart limit; images are checked after.
  await app.register(multipart, { limits: { fileSize: MEDIA_LIMITS.videoBytes, files: 1, fields: 10, fieldSize: 1000, parts: 12 } });

  app.post(`/${MEDIA_PATHS.upload}`, {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['entries'], response: { 201: envelope(mediaUpload) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const form = await readForm(app, request, {
        notMultipart: 'Please send the file as multipart/form-data.',
        oneFile: MEDIA_MESSAGES.oneFile,
        tooLarge: MEDIA_MESSAGES.tooLarge,
      });
      const file = form.file;
      if (!file) throw new HttpError(400, MEDIA_MESSAGES.missing, { file: [MEDIA_MESSAGES.missing] });
      const inspected = await inspectUpload(file.bytes);
      if (!inspected) {
        const message = MEDIA_MESSAGES.uploadFailed(file.filename || 'The');
        throw new HttpError(400, message, { file: [message] });
      }
      if (file.bytes.length > capOf(inspected)) throw new HttpError(413, MEDIA_MESSAGES.tooLarge);
      const albumName = (form.fields.albumName ?? '').trim().slice(0, ALBUM_MAX);
      return writeOnce(request, reply, async (tx) => {
        const data = await saveGallery(tx, app.mediaFiles, me.id, file.bytes, inspected, albumName);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'File uploaded.', data } };
      }, formDigest(form.fields, file));
    },
  });
};

export default entryMediaRoutes;
