/**
 * The erasure sweep ('Delete my account', domain/auth/account-deletion.ts): every host looks
 * now and then for accounts whose days have run out and erases them; a host that finds one
 * already being erased by another skips it. `app.erasure.sweep(now)` runs it at once (tests;
 * the browser suite's dev route moves `now` forward).
 */
import type { FastifyInstance } from 'fastify';
import { eraseDueAccounts } from '../domain/auth/account-deletion';

declare module 'fastify' {
  interface FastifyInstance {
    erasure: { sweep(now?: Date): Promise<number> };
  }
}

/** `pollMs`: how often to look (default 10 minutes); false: only when asked. */
export function setupErasure(app: FastifyInstance, pollMs: number | false = 10 * 60_000): void {
  const sweep = async (now = new Date()) => {
    const erased = await eraseDueAccounts(app.db, app.mediaFiles, now);
    // At warn, the level `npm start` logs: the operator's record of whom to erase again after a restore.
    for (const userCode of erased) app.log.warn({ userCode }, 'account erased');
    return erased.length;
  };
  app.decorate('erasure', { sweep });
  if (!pollMs) return;
  const timer = setInterval(() => void sweep().catch((err: Error) => app.log.error({ err }, 'erasure sweep failed (the next one tries again)')), pollMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
