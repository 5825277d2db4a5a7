/**
 * GET /media/{primary|secondary|tertiary|source|gallery|gallery-thumb}/{fileName}: the public
 * picture variants and entry media, outside /api because an <img> sends no bearer token. The 128-bit random name is the only way to
 * reach a file, and a name is never reused, so the answer may be cached forever (the
 * service worker's media cache keeps it offline).
 */
import type { FastifyPluginAsync } from 'fastify';
import { GALLERY_DIRS, GALLERY_MIME, GALLERY_NAME_PATTERN } from '../../../contract/media';
import { IMAGE_NAME_PATTERN, MEDIA_BASE } from '../../../contract/pictures';
import { sendError } from '../../plugins/errors';
import { MIME_BY_EXT } from '../../domain/pictures/store';

const PUBLIC_TYPES = new Set(['primary', 'secondary', 'tertiary', 'source']);
/** Entry media (contract/media.ts): same rules, their own name pattern. */
const GALLERY = new Set<string>(GALLERY_DIRS);

const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { imageType: string; fileName: string } }>(`${MEDIA_BASE}/:imageType/:fileName`, async (request, reply) => {
    const { imageType, fileName } = request.params;
    // Checked before looking the file up: no path tricks, no temp files.
    const known = PUBLIC_TYPES.has(imageType) ? IMAGE_NAME_PATTERN.test(fileName) : GALLERY.has(imageType) && GALLERY_NAME_PATTERN.test(fileName);
    if (!known) return sendError(reply, 404, 'Not found.');
    const bytes = await app.mediaFiles.read(imageType as 'primary', fileName);
    if (!bytes) {
      return reply.header('cache-control', 'no-store').code(404).type('application/json').send({ code: 404, message: 'Not found.' });
    }
    const ext = fileName.slice(fileName.lastIndexOf('.') + 1);
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(MIME_BY_EXT[ext] ?? GALLERY_MIME[ext] ?? 'application/octet-stream')
      .send(bytes);
  });
};

export default mediaRoutes;
