/**
 * Where uploaded files live (domain/media-files.ts): in PostgreSQL when the app runs on it,
 * so every API process serves every file; in DATA_DIR/media on the embedded database. An
 * in-memory app (tests) gets a private temp folder, removed when the app closes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { diskMediaFiles, mediaFilesFor, type MediaFiles } from '../domain/media-files';

declare module 'fastify' {
  interface FastifyInstance {
    mediaFiles: MediaFiles;
  }
}

export async function setupMedia(app: FastifyInstance, dataDir: string | undefined): Promise<void> {
  const chosen = mediaFilesFor({ db: app.db, kind: app.dbKind }, dataDir);
  if (chosen) {
    app.decorate('mediaFiles', chosen);
    return;
  }
  const temporary = await mkdtemp(path.join(os.tmpdir(), 'billionett-media-'));
  app.decorate('mediaFiles', diskMediaFiles(temporary));
  app.addHook('onClose', async () => {
    await rm(temporary, { recursive: true, force: true });
  });
}
