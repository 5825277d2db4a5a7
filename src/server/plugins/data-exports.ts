/**
 * The data export job in this process ('Download your data', domain/data-export/): woken when
 * a member asks here, and polling, so an export asked on another host, or left by a host that
 * died mid-build (its lease lapses), is built by whichever host looks first. Each pass also
 * deletes the exports past their expiry. The member's open apps hear of the ready one through
 * its bulletin (plugins/bulletins.ts: pushed, and announced on the socket).
 */
import type { FastifyInstance } from 'fastify';
import { buildNextExport } from '../domain/data-export/build';
import { sweepExpired } from '../domain/data-export/repo';
import { workLoop, type WorkLoop } from '../work-loop';

declare module 'fastify' {
  interface FastifyInstance {
    dataExports: WorkLoop;
  }
}

/** pollMs: how often to look for queued exports; false: the job runs only when drained (tests, deterministically). */
export function setupDataExports(app: FastifyInstance, options: { pollMs?: number | false } = {}): void {
  const once = async () => {
    await sweepExpired(app.db);
    for (;;) {
      const built = await buildNextExport(app.db);
      if (!built) break;
      // Marked failed; the next export in the queue still gets its turn.
      if (built.error) app.log.error({ err: built.error, exportId: built.id }, 'data export: a build failed');
      if (!built.ready) continue;
      app.bulletins.wake();
      await app.bulletins.announce([built.userId]).catch((err: Error) => app.log.warn({ err: err.message }, 'data export: announce failed'));
    }
  };
  const pollMs = options.pollMs ?? 10_000;
  const loop = workLoop(app, 'data export: the job', once, pollMs);
  app.decorate('dataExports', pollMs === false ? { wake: () => {}, drain: loop.drain } : loop);
}
