/**
 * One tab replays a member's outbox at a time (DESIGN.md "Writes and the outbox").
 * Every tab has its own sync worker; a Web Lock per member makes them take turns,
 * so two tabs never send the same item at once (the Idempotency-Key would save the
 * server, but not the wasted requests). A waiting tab runs after the leader ends
 * and finds the queue already drained. Without Web Locks (tests, old engines) the
 * run goes ahead directly.
 */
export type Leader = (userCode: string, run: () => Promise<void>, signal: AbortSignal) => Promise<void>;

export function createLeader(locks: LockManager | null | undefined): Leader {
  if (!locks) return (_userCode, run) => run();
  return async (userCode, run, signal) => {
    try {
      // The signal withdraws a request still waiting for the lock (sign-out, checkout).
      await locks.request(`billionett-outbox-${userCode}`, { signal }, () => run());
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  };
}

/** The engine's lock manager, when it has one (workers and windows alike). */
export const defaultLocks = (): LockManager | null =>
  (typeof navigator !== 'undefined' && (navigator as Navigator & { locks?: LockManager }).locks) || null;
