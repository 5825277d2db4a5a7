/**
 * Results of the reads a page starts before React (shell/early-start.ts): the member's
 * shell rows and the home feed, read from IndexedDB while the rest of the JavaScript
 * loads. A live query of the same key takes its read as the value of its first render
 * (useLiveQuery's default), so the first screen paints from them instead of waiting one
 * more IndexedDB round trip after React mounts; the live query's own first result
 * retires it (`settleEarly`), so a later screen never sees an old one.
 *
 * Free of Dexie (the starter imports this before anything else loads); reading IndexedDB
 * is the UI's one source still: these are the live queries' own queriers, run early.
 */
const results = new Map<string, unknown>();
/** Keys a live query has answered: an early read that ends after that is not kept. */
const answered = new Set<string>();

export function putEarly(key: string, value: unknown): void {
  if (!answered.has(key)) results.set(key, value);
}

/** The early read of `key`, if it is done and no live query has answered it yet. */
export function peekEarly<T>(key: string): T | undefined {
  return results.get(key) as T | undefined;
}

/**
 * The live query's first answer for `key`, which retires the early read: the early value
 * itself when the two hold the same rows, so the screen drawn from it is not drawn again
 * for an equal copy (useLiveQuery re-renders on a new object); else the fresh one.
 */
export function settleEarly<T>(key: string, fresh: T): T {
  const early = results.get(key);
  results.delete(key);
  answered.add(key);
  return early !== undefined && JSON.stringify(early) === JSON.stringify(fresh) ? (early as T) : fresh;
}

export const shellKey = (userCode: string) => `shell:${userCode}`;
export const feedKey = (me: string, spec: { mode: string; userCode?: string; code?: string; featureCode?: number; q?: string }) =>
  `feed:${me}:${spec.mode}|${spec.userCode ?? ''}|${spec.code ?? ''}|${spec.featureCode ?? ''}|${spec.q ?? ''}`;
