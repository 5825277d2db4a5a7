/**
 * The client's entry: it only waits for the home feed's first paint (public/first-paint.js,
 * cards drawn from IndexedDB before any of this loads) and then loads the app (app.tsx).
 * Run at once, the app's module graph (React, Mantine, the router: ~200 ms of one task on a
 * slow phone) held back the very IndexedDB answers the first paint waits for, and the frame
 * that shows it. The app's code is fetched meanwhile (preloaded by index.html, vite.config.ts
 * `preloadApp`), so the wait costs it nothing but the first paint's own few
 * milliseconds; where there is nothing to paint (checkin, another page, a first visit),
 * the first paint says so at once.
 */
type FirstPaintWindow = { billionettFirstPaint?: Promise<unknown> };

void Promise.resolve((window as FirstPaintWindow).billionettFirstPaint)
  .catch(() => undefined)
  .then(() => import('./app'));
