/**
 * Where uploaded files live: DATA_DIR/media/{imageType}/{fileName}. An in-memory app (tests)
 * gets a private temp folder, removed when the app closes. Several API processes on one
 * PostgreSQL must share DATA_DIR (README "Configuration").
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    mediaDir: string;
  }
}

export async function setupMedia(app: FastifyInstance, dataDir: string | undefined): Promise<void> {
  const temporary = !dataDir;
  const dir = dataDir ? path.resolve(dataDir, 'media') : await mkdtemp(path.join(os.tmpdir(), 'billionett-media-'));
  app.decorate('mediaDir', dir);
  if (temporary) {
    app.addHook('onClose', async () => {
      await rm(dir, { recursive: true, force: true });
    });
  }
}
