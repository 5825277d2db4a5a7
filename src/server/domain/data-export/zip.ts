/**
 * The zip of a ready export, built while it is sent (yazl): README.txt, then each JSON part
 * read from the export's row when its turn comes, then each media file streamed from the
 * media store — one entry at a time, with the answer's backpressure, so neither the zip nor
 * a large file is ever held whole, and any API host can answer (the row and the media store
 * are shared; nothing is on one host's disk).
 */
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { EXPORT_DAYS, EXPORT_PARTS, type ExportPart } from '../../../contract/data-export';
import type { Db } from '../../db/client';
import type { ExportMedia } from '../../db/schema/data-exports';
import type { MediaDir, MediaFiles } from '../media-files';
import { exportPart, type DownloadableExport } from './repo';

export function readme(exp: DownloadableExport, media: ExportMedia[]): string {
  const parts = (Object.entries(EXPORT_PARTS) as [ExportPart, string][]).map(([part, what]) => `  ${part}.json\n      ${what}`);
  return [
    'Your data from Billionett',
    '=========================',
    '',
    `Member code: ${exp.userCode}`,
    `Prepared: ${exp.readyAt} (UTC). The download link works for ${EXPORT_DAYS} days after that.`,
    '',
    'This archive holds everything you wrote or own on Billionett, as JSON (UTF-8) plus your files.',
    '',
    'The JSON files:',
    ...parts,
    '',
    `media/ (${media.length} files)`,
    '    Every file you uploaded, once each, under the name the JSON files give as "file":',
    '    media/gallery/ your entry and barter pictures, videos and audio;',
    '    media/source/ the full-size pictures of your suite, circles and slates.',
    '    (A "path" such as /media/gallery/<name> is where the app showed the file.)',
    '',
    'Codes used in the files:',
    '  privacyCode: 1 Everyone, 2 Billionetts, 3 Only me.',
    '  featureCode of an entry: 1 poll, 2 occasion, 3 transit, 4 theatre, 5 entry.',
    '  Other members appear by their member code and name, as you saw them in the app.',
    '',
    'Not included: what other members wrote (their entries, and their comments on yours),',
    'except both sides of your own telex conversations; your password and security secrets.',
    '',
  ].join('\n');
}

/** The zip as a stream of bytes; a failure midway ends the stream with the error. */
export function exportZip(db: Db, files: MediaFiles, exp: DownloadableExport, media: ExportMedia[], log: FastifyBaseLogger): Readable {
  const zip = new ZipFile();
  const mtime = new Date(exp.readyAt);
  zip.addBuffer(Buffer.from(readme(exp, media)), 'README.txt', { mtime });
  for (const part of Object.keys(EXPORT_PARTS).filter((p) => exp.parts.includes(p))) {
    zip.addReadStreamLazy(`${part}.json`, { mtime }, (done) => {
      exportPart(db, exp.id, part).then(
        (value) => done(null, Readable.from([`${JSON.stringify(value, null, 2)}\n`])),
        (err: unknown) => done(err, Readable.from([])),
      );
    });
  }
  for (const file of media) {
    // Pictures, video and audio are compressed already: stored as they are.
    zip.addReadStreamLazy(file.zipPath, { mtime, compress: false }, (done) => {
      files.stream(file.dir as MediaDir, file.fileName).then(
        // Removed from the store since it was listed (a race with a delete): an empty entry.
        (stream) => done(null, stream ?? Readable.from([])),
        (err: unknown) => done(err, Readable.from([])),
      );
    });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  zip.on('error', (err: Error) => {
    log.error({ err, exportId: exp.id }, 'data export: the zip failed midway');
    output.destroy(err);
  });
  return output;
}
