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

/** How long "Reload" waits for the new service worker to take over before reloading anyway. */
const TAKEOVER_WAIT_MS = 5000;
/** How many reloads "Reload" may make for one update before it leaves the choice to the member again. */
const TAKEOVER_RELOADS = 3;
/** sessionStorage: reloads made so far for the update the member asked for (this tab only). */
const UPDATE_ASKED_KEY = 'billionett-update-asked';

function reloadsAsked(): number {
  try {
    return Number(sessionStorage.getItem(UPDATE_ASKED_KEY) ?? 0) || 0;
  } catch {
    return 0; // storage refused: the member is asked again after each reload
  }
}

function setReloadsAsked(count: number): void {
  try {
    if (count > 0) sessionStorage.setItem(UPDATE_ASKED_KEY, String(count));
    else sessionStorage.removeItem(UPDATE_ASKED_KEY);
  } catch {
    // storage refused: nothing to remember
  }
}

/**
 * The member chose "Reload": activate the waiting SW; 'controlling' then reloads.
 *
 * Chromium activates a worker that called skipWaiting only once the old one is idle: it
 * asks the old worker to stop as soon as it has no event in flight. A request from this page
 * (its images, its sync worker's calls) that starts the old worker again clears that ask, and
 * nothing asks again until the old worker idles out (30 s; never while DevTools is attached)
 * or five minutes pass (asking again does nothing, Chromium keeps the first ask). The topology
 * suite met this only while DevTools intercepted the page's requests, and then the reload
 * below hung too (tests/topology/support/member-app.ts stopTakingWrites); a member's page,
 * requests and all, lets the old worker go at once. A
 * navigation asks again, and ends this page's own requests: so if the new worker has not
 * taken over soon, reload anyway, and let the reloaded page go on with the member's choice.
 */
export function applyUpdate(): void {
  if (!workbox) return window.location.reload();
  workbox.messageSkipWaiting();
  window.setTimeout(() => {
    if (reloading) return;
    reloading = true;
    setReloadsAsked(reloadsAsked() + 1);
    window.location.reload();
  }, TAKEOVER_WAIT_MS);
}

/** A worker waits: offer it, or go on with an update the member already chose in this tab. */
function onWaiting(): void {
  const asked = reloadsAsked();
  if (asked > 0 && asked < TAKEOVER_RELOADS) return applyUpdate();
  setReloadsAsked(0);
  setUpdateReady(true);
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

/** Set by public/controller-watch.js, the page's first script. */
type ControllerWatchWindow = { billionettControllerWatch?: { hadController: boolean; changed: boolean } };

/**
 * A new SW took over (this tab's Reload, or another tab's): this page's chunks may no longer
 * be precached, so load the new version. The first install also takes control (clients.claim)
 * but is not an update and must not reload. (Workbox's event.isUpdate is fixed at register()
 * time, so it cannot tell.)
 */
function tookOver(): void {
  if (!hadController) {
    hadController = true;
    return;
  }
  setReloadsAsked(0);
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return;
  const wb = new Workbox('/sw.js', { type: 'module', scope: '/' });
  workbox = wb;

  // As the page began (public/controller-watch.js): registration comes seconds later.
  const watch = (window as ControllerWatchWindow).billionettControllerWatch;
  hadController = watch?.hadController ?? Boolean(navigator.serviceWorker.controller);
  // Also fires when another tab or an update check found the version (event.isExternal).
  wb.addEventListener('waiting', onWaiting);
  wb.addEventListener('controlling', tookOver);
  // A worker that took over before this registration (the new version, once the old one's page
  // had gone, while this reloaded page loaded under the old one) fired no 'controlling' here.
  if (watch?.changed) tookOver();

  navigator.serviceWorker.addEventListener('message', onServiceWorkerMessage);
  window.addEventListener('offline', () => void requestOutboxSync());

  // A browser may refuse a service worker (blocked by policy, a private window): the app then
  // runs without one, online only, as it did before the first install.
  void wb.register().then(
    (registration) => {
      // The update the member chose took over during the reload: nothing left to go on with.
      // This page came from "Reload"'s fallback reload, though, and the new worker may have
      // taken over before the page's first script could see it (controller-watch.js): then it
      // is the old version's page under the new worker. One more reload is the new version,
      // whichever way it went; the choice is forgotten first, so it is the last.
      if (!registration?.waiting) {
        const asked = reloadsAsked();
        setReloadsAsked(0);
        if (asked > 0 && !reloading) {
          reloading = true;
          window.location.reload();
        }
      }
      window.setInterval(() => void wb.update(), UPDATE_CHECK_MS);
    },
    (error: unknown) => console.warn('No service worker: the app works online only.', error),
  );
}
