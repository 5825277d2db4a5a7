/**
 * The UI's only door to the network: a Comlink proxy of the sync worker.
 * Screens call `sync.pull(...)`, `sync.kick()`, `sync.signIn(...)` and read the
 * results from Dexie (or, for the public auth calls, from the returned CallResult).
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { CallSignal, PullRequest, PullResult, SyncApi } from './api';

let remote: Remote<SyncApi> | undefined;

function connect(): Remote<SyncApi> {
  const worker = new Worker(new URL('./sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' });
  const api = wrap<SyncApi>(worker);
  // A dedicated worker does not always see the page's `online` event (Chromium's network
  // emulation, some mobile browsers): forward it, so the outbox replays the moment the
  // network returns instead of sleeping out its backoff (up to 10 s).
  addEventListener('online', () => void api.kick());
  // Likewise `offline`: an open telex socket may outlive the network silently; drop it now.
  addEventListener('offline', () => void api.networkLost());
  return api;
}

/** Lazily started so importing this module costs nothing until the first call. */
export const sync: Remote<SyncApi> = new Proxy({} as Remote<SyncApi>, {
  get(_target, prop) {
    remote ??= connect();
    return remote[prop as keyof Remote<SyncApi>];
  },
});

/**
 * Ask the worker for a page; the rows arrive through Dexie. A worker failure (crashed,
 * never started) reads as a failed pull, so a screen never meets a thrown error.
 */
export function pullPage(request: PullRequest): Promise<PullResult> {
  return sync.pull(request).catch((error: unknown) => ({
    ok: false,
    message: error instanceof Error ? error.message : 'The sync worker failed.',
  }));
}

/**
 * Hands `listener` every call frame the worker's telex socket receives (decision 0078: the
 * page holds the media, the worker the socket). Answers a function that stops watching.
 */
export async function watchCallSignals(listener: (signal: CallSignal) => void): Promise<() => void> {
  const id = await sync.watchCalls(proxy(listener));
  return () => void sync.unwatchCalls(id).catch(() => undefined);
}
