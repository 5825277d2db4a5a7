/**
 * Retry delay after `attempt` failures (0-based): start, doubling, capped.
 * 250, 500, 1000, 2000, 4000, 8000, 10000, 10000 … for the defaults of the spec
 * (outbox replay and the telex socket share it).
 */
export function backoffDelay(attempt: number, startMs = 250, capMs = 10_000): number {
  if (!Number.isFinite(attempt) || attempt <= 0) return startMs;
  // 2 ** 40 already dwarfs any cap; clamp so huge attempt counts stay finite.
  return Math.min(capMs, startMs * 2 ** Math.min(attempt, 40));
}
