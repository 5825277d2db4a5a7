/**
 * Bulletins' delivery in this process (issue 16):
 * - a route writes a bulletin with `bulletin(request, tx, event)` inside its write's
 *   transaction; once the answer has gone (the transaction committed), the member's open
 *   apps are told over the realtime socket ({"type":"bulletins"}: pull them) — through
 *   Redis when several processes run — and the dispatcher is woken;
 * - the dispatcher turns new bulletins into push jobs and sends due jobs (push/queue.ts,
 *   push/sender.ts). It also polls, so a bulletin or a retry left by a process that died or
 *   was stopped mid-queue is picked up by any process.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { writeBulletin, type BulletinEvent } from '../domain/bulletins/create';
import type { PushEndpoints } from '../push/endpoint';
import { claimJobs, dispatchBulletins } from '../push/queue';
import { sendJob, type PushOutcome } from '../push/sender';
import { loadVapid, type Vapid } from '../push/vapid';
import { workLoop } from '../work-loop';

export type BulletinService = {
  vapid: Vapid;
  /** Which push endpoints a device may register (push/endpoint.ts). */
  endpoints: PushEndpoints;
  /** Look for work soon (debounced). */
  wake(): void;
  /** Dispatch and send until nothing is due; resolves when done (tests, shutdown). */
  drain(): Promise<void>;
  /** Tells these members' open apps that they have new bulletins. */
  announce(userIds: number[]): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    bulletins: BulletinService;
  }
  interface FastifyRequest {
    /** Members who got a bulletin from this request's write. */
    bulletinFor: number[] | null;
  }
}

export const BULLETIN_FRAME = '{"type":"bulletins"}';

/** Writes a bulletin in the write's transaction; its member hears of it after the commit. */
export async function bulletin(request: FastifyRequest, tx: Db, event: BulletinEvent | null): Promise<void> {
  if (event && (await writeBulletin(tx, event))) (request.bulletinFor ??= []).push(event.to);
}

export type BulletinOptions = {
  pollMs?: number | false;
  endpoints?: PushEndpoints;
  /** Told each job's outcome (the metrics count sends and failures). */
  onSent?: (outcome: PushOutcome) => void;
};

export async function setupBulletins(app: FastifyInstance, options: BulletinOptions = {}): Promise<void> {
  const vapid = await loadVapid(app.db, { publicUrl: app.config.publicUrl });
  const once = async () => {
    while ((await dispatchBulletins(app.db)) > 0);
    for (;;) {
      const jobs = await claimJobs(app.db);
      if (jobs.length === 0) break;
      const outcomes = await Promise.all(jobs.map((job) => sendJob(app.db, vapid, job, app.log)));
      for (const outcome of outcomes) options.onSent?.(outcome);
    }
  };
  const { wake, drain } = workLoop(app, 'bulletins: dispatch', once, options.pollMs ?? 5000);
  const announce = async (userIds: number[]) => {
    const rows = await app.db.select({ code: users.userCode }).from(users).where(inArray(users.id, [...new Set(userIds)]));
    for (const { code } of rows) app.telex.publish(code, BULLETIN_FRAME);
  };

  app.decorate('bulletins', { vapid, endpoints: options.endpoints ?? 'public', wake, drain, announce });
  app.decorateRequest('bulletinFor', null);
  app.addHook('onResponse', async (request) => {
    if (!request.bulletinFor?.length) return;
    wake();
    await announce(request.bulletinFor).catch((err: Error) => app.log.warn({ err: err.message }, 'bulletins: announce failed'));
  });
}
