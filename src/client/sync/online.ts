/**
 * The network comes back: the `online` event (windows and workers both fire it)
 * resets the replay backoff and replays at once, instead of waiting out a 10 s pause.
 */
export type OnOnline = (listener: () => void) => void;

export const watchOnline: OnOnline = (listener) => {
  if (typeof globalThis.addEventListener === 'function') globalThis.addEventListener('online', listener);
};

/** The engine's own guess; `false` is reliable, `true` only means "maybe". */
export const engineOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;
