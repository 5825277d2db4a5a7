/**
 * The page's side of the service worker: registration, the "new version" state
 * that UpdatePrompt shows, and the outbox wake-ups the SW sends.
 *
 * Production only: in dev, Vite serves modules unbundled and a SW would cache
 * them, so edits would seem not to apply.
 */
import { Workbox } from 'workbox-window';
import { sync } from '../sync/client';

/** Same tag as sw/background-sync.ts: the SW answers it with a REPLAY message. */
const OUTBOX_SYNC_TAG = 'billionett-outbox';
/** An installed app can stay open for days: look for a new version hourly. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Background Sync is Chromium-only and absent from TypeScript's DOM lib. */
type SyncCapable = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

let workbox: Workbox | undefined;
let updateReady = false;
let reloading = false;
/** Whether a SW controlled this page before: the first install's claim is no update. */
let hadController = false;
const listeners = new Set<() => void>();

function setUpdateReady(ready: boolean): void {
  updateReady = ready;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore in UpdatePrompt. */
export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateReady(): boolean {
  return updateReady;
}

/** The member chose "Later": hide until the next version is waiting. */
export function dismissUpdate(): void {
  setUpdateReady(false);
}

/** How often "Reload" asks the waiting service worker again until it has taken over. */
const SKIP_WAITING_RETRY_MS = 3000;

/**
 * The member chose "Reload": activate the waiting SW; 'controlling' then reloads. Asked
 * again every few seconds until that happens: one message was seen to go unanswered (the
 * topology suite's rolling deploy: the new worker still waiting a minute after Reload), and
 * the member would otherwise be left with a spinning button until the app restarts.
 */
export function applyUpdate(): void {
  if (!workbox) return window.location.reload();
  const wb = workbox;
  // Workbox messages the registration's waiting worker as it is at each ask.
  wb.messageSkipWaiting();
  const retry = window.setInterval(() => {
    if (reloading) window.clearInterval(retry);
    else wb.messageSkipWaiting();
  }, SKIP_WAITING_RETRY_MS);
}

/**
 * Asks the browser to fire a 'sync' event when connectivity returns, so the
 * outbox is replayed even if this page was frozen in the background meanwhile.
 * Harmless when nothing is queued: the replay finds an empty outbox.
 */
export async function requestOutboxSync(): Promise<void> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  const registration = (await navigator.serviceWorker.ready) as SyncCapable;
  await registration.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

function onServiceWorkerMessage(event: MessageEvent<unknown>): void {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'REPLAY') void sync.kick();
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return;
  const wb = new Workbox('/sw.js', { type: 'module', scope: '/' });
  workbox = wb;

  hadController = Boolean(navigator.serviceWorker.controller);
  // Also fires when another tab or an update check found the version (event.isExternal).
  wb.addEventListener('waiting', () => setUpdateReady(true));
  // A new SW took over (this tab's Reload, or another tab's): this page's chunks
  // may no longer be precached, so load the new version. The first install also
  // takes control (clients.claim) but is not an update and must not reload.
  // (Workbox's event.isUpdate is fixed at register() time, so it cannot tell.)
  wb.addEventListener('controlling', () => {
    if (!hadController) {
      hadController = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });

  navigator.serviceWorker.addEventListener('message', onServiceWorkerMessage);
  window.addEventListener('offline', () => void requestOutboxSync());

  // A browser may refuse a service worker (blocked by policy, a private window): the app then
  // runs without one, online only, as it did before the first install.
  void wb.register().then(
    () => window.setInterval(() => void wb.update(), UPDATE_CHECK_MS),
    (error: unknown) => console.warn('No service worker: the app works online only.', error),
  );
}
