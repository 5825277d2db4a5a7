/**
 * Health for operators and the balancer (registered under /api/v1):
 * - GET /health: up, and which database (for people and older checks; unchanged).
 * - GET /health/live: the process runs its event loop. No database call, so a database
 *   that is away never gets healthy processes restarted by a liveness check.
 * - GET /health/ready: may this process take traffic? 200 when the database answers a
 *   trivial query within READY_TIMEOUT_MS and the process is not draining (drain.ts);
 *   otherwise 503 with Retry-After and the error envelope. HAProxy checks this one.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope, errorAnswer } from '../../contract/envelope';
import { RETRY_AFTER_SECONDS, sendError } from './errors';

/** How long readiness waits for the database's answer. */
export const READY_TIMEOUT_MS = 1000;
/**
 * A probe that is late, not failed, while one answered this recently says busy, not down: under
 * load the probe waits for a pool connection like every query, and a balancer told "not ready"
 * by every busy host at once would take them all out and answer nobody.
 */
export const BUSY_IS_READY_MS = 5000;

export const NOT_READY = {
  draining: 'This server is stopping. Please try again in a moment.',
  database: 'The database is not answering. Please try again in a moment.',
} as const;

export default async function healthRoutes(api: FastifyInstance): Promise<void> {
  const typed = api.withTypeProvider<ZodTypeProvider>();

  typed.get('/health', {
    config: { access: 'anyone' },
    schema: { tags: ['health'], response: { 200: envelope(z.object({ db: z.enum(['pglite', 'postgres']) })) } },
    handler: async () => ({ code: 200, message: 'ok', data: { db: api.dbKind } }),
  });

  typed.get('/health/live', {
    config: { access: 'anyone' },
    schema: { tags: ['health'], response: { 200: envelope(z.object({ live: z.literal(true) })) } },
    handler: async () => ({ code: 200, message: 'ok', data: { live: true as const } }),
  });

  // One probe query at a time: while the database hangs, checks every second must not
  // queue a new query each (they would wait for a pool connection and pile up).
  let probe: Promise<'yes' | 'no'> | null = null;
  let probedAt = 0;
  let answeredAt = 0;
  const databaseAnswers = (): Promise<'yes' | 'no' | 'late'> => {
    // A probe stuck past any busy spell (a connection that went silent) is given up for a new one.
    if (!probe || Date.now() - probedAt > BUSY_IS_READY_MS) {
      probedAt = Date.now();
      const asked = api.db.execute(sql`select 1`).then(
        () => {
          answeredAt = Date.now();
          return 'yes' as const;
        },
        () => 'no' as const,
      );
      probe = asked;
      void asked.then(() => {
        if (probe === asked) probe = null;
      });
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), READY_TIMEOUT_MS);
    });
    return Promise.race([probe, late]).finally(() => clearTimeout(timer));
  };

  typed.get('/health/ready', {
    config: { access: 'anyone' },
    schema: { tags: ['health'], response: { 200: envelope(z.object({ ready: z.literal(true) })), 503: errorAnswer } },
    handler: async (_request, reply) => {
      const answer = api.draining ? 'no' : await databaseAnswers();
      const answers = answer === 'yes' || (answer === 'late' && Date.now() - answeredAt < BUSY_IS_READY_MS);
      // Draining may have begun while the database was asked.
      if (answers && !api.draining) return { code: 200, message: 'ok', data: { ready: true as const } };
      return sendError(reply.header('retry-after', String(RETRY_AFTER_SECONDS)), 503, api.draining ? NOT_READY.draining : NOT_READY.database);
    },
  });
}
