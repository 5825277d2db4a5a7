/**
 * Dev only: runs the erasure sweep as if `inDays` days had passed, so the browser suite can
 * see an account erased without waiting out its 14 days. Loopback clients only, and only
 * with the development conveniences (never on a default start).
 */
import type { FastifyPluginAsync } from 'fastify';

const DAY_MS = 86_400_000;

const erasureRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { inDays?: unknown } }>('/dev/erasure', {
    config: { access: 'anyone', write: 'none' },
    schema: { hide: true },
    handler: async (request) => {
      const days = Number(request.body?.inDays ?? 0);
      if (!Number.isFinite(days) || days < 0 || days > 365) return { erased: 0 };
      return { erased: await app.erasure.sweep(new Date(Date.now() + days * DAY_MS)) };
    },
  });
};

export default erasureRoutes;
