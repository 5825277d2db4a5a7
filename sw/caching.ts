/**
 * What the service worker caches, and — as importantly — what it never does.
 *
 * - Navigations are answered from the precached index.html, so a cold start
 *   offline renders the app shell; the client router then picks the screen.
 * - Media (/media/… and any image) is cache-first: media files have random,
 *   immutable names, so a cached copy is never stale.
 * - The basemap (/basemap/: the style and each GeoJSON source file it names) is
 *   stale-while-revalidate: it may change, but an old map beats none. maplibre's worker
 *   fetches the sources, and a page's workers are controlled by this service worker too,
 *   so a card seen once online draws its map offline. Map pictures and deep tiles are kept
 *   the same way in a cache of their own, so their number never pushes the style out.
 * - Fonts not precached (the emoji ranges, vite.config.ts emojiFont) are cache-first: their
 *   names are hashed, and each range is fetched once, when an emoji in it is first shown.
 * - /api/ is never cached: members' data lives in their Dexie database, written by
 *   the sync worker. A second copy here would outlive checkout and leak between
 *   members of a shared device (DESIGN.md "A shared device").
 */
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate, type StrategyOptions } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope;

type WorkboxPlugin = NonNullable<StrategyOptions['plugins']>[number];

/** Cache names the page side relies on: checkout deletes MEDIA_CACHE. */
export const MEDIA_CACHE = 'billionett-media';
export const BASEMAP_CACHE = 'billionett-basemap';
export const MAP_DRAWINGS_CACHE = 'billionett-map-drawings';
export const FONT_CACHE = 'billionett-fonts';

/** Server-side paths that must reach the network, never the SPA shell. */
const NOT_THE_SHELL = [/^\/api\//, /^\/dev\//, /^\/media\//];

/**
 * Keeps only answers worth keeping: 200, or 0 for opaque cross-origin images
 * (their status is hidden, so 0 is all we can see). Written inline rather than
 * with workbox-cacheable-response, which is not one of our declared packages.
 */
function cacheableStatuses(statuses: number[]): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) => (statuses.includes(response.status) ? response : null),
  };
}

const sameOrigin = (url: URL) => url.origin === self.location.origin;

export function registerCaching(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_THE_SHELL }));

  registerRoute(
    ({ url, request }) =>
      (sameOrigin(url) && url.pathname.startsWith('/media/')) || request.destination === 'image',
    new CacheFirst({
      cacheName: MEDIA_CACHE,
      plugins: [
        cacheableStatuses([0, 200]),
        // purgeOnQuotaError: opaque images are padded heavily in quota accounting;
        // losing this cache is harmless, failing other writes is not.
        new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      ],
    }),
  );

  registerRoute(
    ({ url }) => sameOrigin(url) && (url.pathname === '/basemap/picture.svg' || url.pathname.startsWith('/basemap/tiles/')),
    new StaleWhileRevalidate({
      cacheName: MAP_DRAWINGS_CACHE,
      plugins: [cacheableStatuses([200]), new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
    }),
  );

  registerRoute(
    ({ url }) => sameOrigin(url) && url.pathname.startsWith('/basemap/'),
    new StaleWhileRevalidate({
      cacheName: BASEMAP_CACHE,
      plugins: [cacheableStatuses([200]), new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
    }),
  );

  registerRoute(
    ({ url, request }) => sameOrigin(url) && request.destination === 'font',
    new CacheFirst({ cacheName: FONT_CACHE, plugins: [cacheableStatuses([200]), new ExpirationPlugin({ maxEntries: 30, purgeOnQuotaError: true })] }),
  );
}
