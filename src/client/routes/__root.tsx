/**
 * The root route: the router context and, while a member is signed in, the watch
 * that signs this tab out when the worker ends the session (401, checkout).
 * The watch is loaded lazily so signed-out screens do not carry Dexie.
 */
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { isSignedIn, onSessionChange } from '../store/local-session';

export type RouterContext = {
  /** Read at navigation time by the guards (_auth redirects members, _main visitors). */
  isSignedIn: () => boolean;
};

const SessionWatch = lazy(() => import('../shell/session-watch'));

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
});

function Root() {
  const signedIn = useSyncExternalStore(onSessionChange, () => isSignedIn(), () => false);
  return (
    <>
      <Outlet />
      {signedIn ? (
        <Suspense fallback={null}>
          <SessionWatch />
        </Suspense>
      ) : null}
    </>
  );
}
