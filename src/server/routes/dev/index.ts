/**
 * Development conveniences, registered only when asked for (`npm run dev`, or DEV_TOOLS=1
 * for the browser suite), never on a default start, and answering loopback clients only:
 * the mailbox of mail kept without SMTP, a member's own applied writes, and the erasure
 * sweep run as if days had passed.
 */
import type { FastifyPluginAsync } from 'fastify';
import { loopbackOnly } from './loopback';
import mailboxRoutes from './mailbox';
import writesRoutes from './writes';
import erasureRoutes from './erasure';

const devRoutes: FastifyPluginAsync<{ trustProxy: boolean }> = async (app, options) => {
  loopbackOnly(app, options.trustProxy);
  await app.register(mailboxRoutes);
  await app.register(writesRoutes);
  await app.register(erasureRoutes);
};

export default devRoutes;
