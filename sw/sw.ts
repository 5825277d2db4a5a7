/**
 * The service worker's entry: wiring only (STYLE.md §7). Caching rules live in
 * caching.ts, bulletins in push.ts, outbox wake-ups in background-sync.ts, shares from
 * other apps in share-target.ts.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerCaching } from './caching';
import { registerPush } from './push';
import { registerBackgroundSync } from './background-sync';
import { registerShareTarget } from './share-target';

declare const self: ServiceWorkerGlobalScope;

// __WB_MANIFEST is the injection point vite-plugin-pwa replaces with the precache list.
// oxlint-disable-next-line no-underscore-dangle
// First: a shared POST must reach its handler before any route looks at the request.
registerShareTarget();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerCaching();
registerPush();
registerBackgroundSync();

// A new version waits until the member accepts it (pwa/update-prompt.tsx): swapping
// code under an open page could mix old and new chunks.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Take control of pages on the first install too, so they are served offline at once.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
