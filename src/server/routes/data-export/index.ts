/**
 * 'Download your data' (issue 29; domain/data-export/): the member asks for an export, reads
 * its state, and mints a download link once it is ready; the link itself is public (a
 * browser's download cannot carry the app's bearer token, which the sync worker keeps), its
 * 32-byte token the credential, kept hashed, good for minutes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_BASE } from '../../../contract/codes';
import { DATA_EXPORT_PATHS, DATA_EXPORT_TEXT, dataExportLink, dataExportParams, dataExportState } from '../../../contract/data-export';
import { envelope } from '../../../contract/envelope';
import { gatherMedia } from '../../domain/data-export/gather';
import { exportByToken, exportState, mintLink, requestExport } from '../../domain/data-export/repo';
import { exportZip } from '../../domain/data-export/zip';
import { HttpError } from '../../http-error';
import { memberOf } from '../../plugins/auth';

const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`/${DATA_EXPORT_PATHS.state}`, {
    config: { access: 'member' },
    schema: { tags: ['data export'], response: { 200: envelope(dataExportState) } },
    handler: async (request) => ({ code: 200, message: 'ok', data: { export: await exportState(app.db, memberOf(request).id) } }),
  });

  app.post(`/${DATA_EXPORT_PATHS.state}`, {
    config: { access: 'member', write: { repeatable: 'one export at a time: a repeat while it is queued or building answers 409 and adds nothing' } },
    schema: { tags: ['data export'], response: { 202: envelope(dataExportState) } },
    handler: async (request, reply) => {
      const me = memberOf(request).id;
      if (!(await requestExport(app.db, me))) throw new HttpError(409, DATA_EXPORT_TEXT.busy);
      app.dataExports.wake();
      return reply.code(202).send({ code: 202, message: DATA_EXPORT_TEXT.requested, data: { export: await exportState(app.db, me) } });
    },
  });

  app.post(`/${DATA_EXPORT_PATHS.link}`, {
    config: { access: 'member', write: { repeatable: 'each call mints a fresh short-lived link in place of the last; the export is unchanged' } },
    schema: { tags: ['data export'], response: { 200: envelope(dataExportLink) } },
    handler: async (request) => {
      const link = await mintLink(app.db, memberOf(request).id);
      if (!link) throw new HttpError(404, DATA_EXPORT_TEXT.noneReady);
      return { code: 200, message: 'ok', data: { downloadPath: `${API_BASE}/${DATA_EXPORT_PATHS.download(link.token)}`, linkExpiresAt: link.expiresAt } };
    },
  });

  app.get(`/${'user/export/:token'}`, {
    config: { access: 'anyone' },
    // The zip is stored, not deflated, where it holds media: compressing it again is waste.
    compress: false,
    // A HEAD would start a zip nobody reads.
    exposeHeadRoute: false,
    schema: { tags: ['data export'], params: dataExportParams },
    handler: async (request, reply) => {
      const exp = await exportByToken(app.db, request.params.token);
      if (!exp) throw new HttpError(404, DATA_EXPORT_TEXT.linkGone);
      // A file the member removed since the build is left out rather than sent empty.
      const present = new Set((await gatherMedia(app.db, exp.userId)).map((m) => m.zipPath));
      const media = exp.media.filter((m) => present.has(m.zipPath));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="billionett-${exp.userCode}-${exp.readyAt.slice(0, 10)}.zip"`)
        .header('cache-control', 'no-store')
        .send(exportZip(app.db, app.mediaFiles, exp, media, request.log));
    },
  });
};

export default dataExportRoutes;
