/**
 * Dev only: the writes the server applied for the signed-in member (their idempotency keys
 * with their first answers), newest first. It lets a browser test prove that a write made
 * offline landed exactly once. Like every route that serves a member's data it needs that
 * member's bearer token, and it serves only their own writes.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { idempotencyKeys } from '../../db/schema/idempotency';
import { memberFromToken } from '../../plugins/auth';
import { sendError } from '../../plugins/errors';

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null;

const writesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/writes.json', { config: { access: 'anyone' }, schema: { hide: true } }, async (request, reply) => {
    const token = bearer(request.headers.authorization);
    const member = token ? await memberFromToken(app, token) : null;
    if (!member) return sendError(reply, 401, 'Please sign in again.');
    const rows = await app.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.memberId, member.userCode))
      .orderBy(desc(idempotencyKeys.createdAt))
      .limit(500);
    reply.header('Cache-Control', 'no-store');
    return rows.map((r) => ({ key: r.key, request: r.request, status: r.status, response: r.response, createdAt: r.createdAt.toISOString() }));
  });
};

export default writesRoutes;
