/**
 * The UI's only door to the network: a Comlink proxy of the sync worker.
 * Screens call `sync.pull(...)`, `sync.kick()`, `sync.signIn(...)` and read the
 * results from Dexie (or, for the public auth calls, from the returned CallResult).
 */
import { wrap, type Remote } from 'comlink';
import type { SyncApi } from './api';

let remote: Remote<SyncApi> | undefined;

function connect(): Remote<SyncApi> {
  const worker = new Worker(new URL('./sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' });
  return wrap<SyncApi>(worker);
}

/** Lazily started so importing this module costs nothing until the first call. */
export const sync: Remote<SyncApi> = new Proxy({} as Remote<SyncApi>, {
  get(_target, prop) {
    remote ??= connect();
    return remote[prop as keyof Remote<SyncApi>];
  },
});
