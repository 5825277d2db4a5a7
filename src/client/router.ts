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

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
