/**
 * The router: the generated file-route tree (vite plugin, from routes/), the guards'
 * context, and 'Page not found' for any path no route matches (spec §2.1).
 */
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { isSignedIn } from './store/local-session';
import { NotFoundPage } from './shell/auth-layout/not-found-page';

export const router = createRouter({
  routeTree,
  context: { isSignedIn: () => isSignedIn() },
  defaultNotFoundComponent: NotFoundPage,
  // Hovering a link loads the next screen's chunk before the click.
  defaultPreload: 'intent',
  scrollRestoration: true,
});

/**
 * Starts loading the code of the screens the opening address shows (its layout's and its
 * page's chunks, together), before React mounts: the router would ask for them only once
 * it renders, one after the other's imports. A visitor's private address (sent to
 * /checkin) and a member's public one (sent home) load nothing they will not show.
 */
export function preloadOpeningRoute(path: string = location.pathname): void {
  const signedIn = isSignedIn();
  const [routes] = router.getMatchedRoutes(path);
  for (const route of routes) {
    if (route.id.startsWith(signedIn ? '/_auth' : '/_main')) return;
    void router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
