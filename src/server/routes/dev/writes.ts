/**
 * Dev only: the writes the server applied for one member (its idempotency keys with
 * their first answers), newest first. It lets a browser test prove that a write made
 * offline landed exactly once. Registered only outside production (app.ts).
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idempotencyKeys } from '../../db/schema/idempotency';

const query = z.object({ userCode: z.string().min(1).max(40) });

const writesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/writes.json', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ code: 400, message: 'userCode is required.' });
    const rows = await app.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.memberId, parsed.data.userCode))
      .orderBy(desc(idempotencyKeys.createdAt))
      .limit(500);
    return rows.map((r) => ({ key: r.key, request: r.request, status: r.status, response: r.response, createdAt: r.createdAt.toISOString() }));
  });
};

export default writesRoutes;
