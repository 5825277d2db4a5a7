/**
 * Stopping without dropping anyone (DESIGN.md "Scale": hosts come and go). On SIGTERM or
 * SIGINT an API process drains:
 * 1. at once: readiness answers 503 (plugins/health.ts), so the balancer stops sending; new
 *    telex sockets are refused and open ones closed with 1012 Service Restart
 *    (realtime/socket.ts), on which the app reconnects with its backoff — to another host;
 * 2. for DRAIN_GRACE_MS (0 unless set) it still serves whatever arrives, while the
 *    balancer's checks see the 503 and take it out of rotation, so nothing it sends meanwhile
 *    meets a closed port;
 * 3. app.close(): no new connections; requests in flight finish, and every answer from the
 *    start of the drain says `Connection: close`, so a keep-alive connection ends after its
 *    request instead of holding the close open until its idle timeout;
 * 4. the process exits within DRAIN_TIMEOUT_MS of the signal even when something hangs (a
 *    stuck query).
 * main.ts (the dev server's API) and scripts/start.ts (`npm start`, every WORKERS process)
 * share this.
 */
import type { FastifyInstance } from 'fastify';

export const DEFAULT_DRAIN_TIMEOUT_MS = 10_000;

export type DrainOptions = {
  /** The whole drain's bound: the process exits by then, finished or not. */
  timeoutMs: number;
  /** How long to keep serving (readiness 503) before the listener closes; within timeoutMs. */
  graceMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process starts to stop: readiness fails and no new socket is taken. */
    draining: boolean;
  }
}

/** A whole number of milliseconds ≥ 0 from the environment, else `fallback`. */
function millis(value: string | undefined, fallback: number): number {
  const ms = Number(value);
  return value && Number.isInteger(ms) && ms >= 0 ? ms : fallback;
}

/** DRAIN_TIMEOUT_MS and DRAIN_GRACE_MS. */
export function drainOptions(env: NodeJS.ProcessEnv): DrainOptions {
  return { timeoutMs: millis(env.DRAIN_TIMEOUT_MS, DEFAULT_DRAIN_TIMEOUT_MS) || DEFAULT_DRAIN_TIMEOUT_MS, graceMs: millis(env.DRAIN_GRACE_MS, 0) };
}

/** What to do the moment a drain starts (the telex sockets' 1012), per app. */
const onDrain = new WeakMap<FastifyInstance, (() => Promise<void>)[]>();

/** On the root instance, before the routes. */
export function setupDraining(app: FastifyInstance): void {
  app.decorate('draining', false);
  onDrain.set(app, []);
  // Node's server.close() ends only the connections idle at that moment; one busy with a
  // slow request would otherwise stay open for keep-alive after its answer.
  app.addHook('onSend', async (_request, reply) => {
    if (app.draining) reply.header('connection', 'close');
  });
}

/** Runs `step` when `app` starts to drain (before its grace and its close). */
export function whenDraining(app: FastifyInstance, step: () => Promise<void>): void {
  onDrain.get(app)?.push(step);
}

/**
 * Drains and closes the app. True when everything closed within `timeoutMs`; false when it
 * gave up waiting (the caller exits anyway: a hung request must not keep a deploy waiting).
 */
export async function drain(app: FastifyInstance, { timeoutMs, graceMs = 0 }: DrainOptions): Promise<boolean> {
  app.draining = true;
  const timers: NodeJS.Timeout[] = [];
  const after = (ms: number) => new Promise<void>((resolve) => timers.push(setTimeout(resolve, ms)));
  const closed = (async () => {
    await Promise.allSettled((onDrain.get(app) ?? []).map((step) => step()));
    if (graceMs > 0) await after(graceMs);
    await app.close();
    return true as const;
  })();
  // Given up on, its failure has no one left to tell.
  closed.catch(() => {});
  try {
    return await Promise.race([closed, after(timeoutMs).then(() => false as const)]);
  } finally {
    timers.forEach(clearTimeout);
  }
}

/** SIGTERM / SIGINT → drain, then exit: 0 when it closed cleanly, 1 when it failed or timed out. */
export function stopOnSignals(app: FastifyInstance, options: DrainOptions): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, ...options }, 'draining');
    let closed = false;
    try {
      closed = await drain(app, options);
      if (!closed) app.log.warn(options, 'the drain did not finish in time; exiting anyway');
    } catch (error) {
      app.log.error({ err: error }, 'failed to stop cleanly');
    }
    process.exit(closed ? 0 : 1);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}
