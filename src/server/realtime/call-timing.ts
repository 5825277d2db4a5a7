/**
 * The calls' clocks and their rate window (calls.ts): how long call state lives in the shared
 * store, how often hosts extend it and sweep late rings (decision 0079).
 */
/**
 * An answered call's state lives this long unless a host holding one of its devices extends
 * it (every ACTIVE_REFRESH_MS): a call whose hosts died frees its members within minutes.
 */
export const ACTIVE_TTL_MS = 2 * 60 * 1000;
export const ACTIVE_REFRESH_MS = 30_000;
/**
 * A ring past its deadline by this much is ended by whichever host's sweep sees it first: the
 * ringing host's own timer normally wins well before.
 */
export const RING_GRACE_MS = 2_000;
/** Ringing state outlives the ring by this much, so a sweep still finds it after its host died. */
export const RING_STATE_EXTRA_MS = 60_000;
/** How often each host looks for late rings: one sorted-set read, so cheap enough to do often. */
export const SWEEP_MS = 5_000;

/** Sliding window: true (and counted) when another event fits in `max` per `windowMs`. */
export function fits(recent: number[], max: number, windowMs: number): boolean {
  const now = Date.now();
  while (recent.length > 0 && now - recent[0]! >= windowMs) recent.shift();
  if (recent.length >= max) return false;
  recent.push(now);
  return true;
}
