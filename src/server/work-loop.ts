/**
 * A background job of this process over a queue kept in the database (the bulletins'
 * dispatcher, the data exports): `once` takes and does work until none is left. It runs when
 * woken (this process queued something; debounced) and on a poll, so work queued by another
 * process, or left by one that died or was stopped midway, is picked up by any process.
 * Claims in `once` must be safe against other processes (FOR UPDATE SKIP LOCKED).
 */
import type { FastifyInstance } from 'fastify';

export type WorkLoop = {
  /** Look for work soon (debounced). */
  wake(): void;
  /** Work until nothing is left; resolves when done (tests, shutdown). */
  drain(): Promise<void>;
};

/** `pollMs` false: only when woken or drained (tests run the job themselves). */
export function workLoop(app: FastifyInstance, name: string, once: () => Promise<void>, pollMs: number | false): WorkLoop {
  let current: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const drain = (): Promise<void> => {
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      try {
        for (;;) {
          again = false;
          await once();
          // Woken while busy: look once more (unless shutting down).
          if (!again || closed) break;
        }
      } catch (err) {
        if (!closed) app.log.error({ err }, `${name} failed (the next poll tries again)`);
      } finally {
        current = null;
      }
    })();
    return current;
  };
  const wake = () => {
    if (!closed) setImmediate(() => void drain());
  };

  const timer = pollMs ? setInterval(wake, pollMs) : null;
  timer?.unref();
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await current;
  });
  return { wake, drain };
}
