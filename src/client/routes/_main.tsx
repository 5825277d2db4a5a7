/**
 * The private area (spec §2.2): a visitor who is not signed in goes to /checkin —
 * except on a path no page answers, which is 'Page not found' for everyone (§2.1).
 * The member's userCode travels in the route context, so screens take it as a prop.
 */
import { createFileRoute, notFound, Outlet, redirect } from '@tanstack/react-router';
import { MainLayout } from '../shell/main-layout/main-layout';
import { getSession, isSignedIn } from '../store/local-session';

export const Route = createFileRoute('/_main')({
  beforeLoad: ({ matches }) => {
    const session = isSignedIn() ? getSession() : null;
    if (!session) {
      if (matches.at(-1)?.routeId === '/_main/$') throw notFound();
      throw redirect({ to: '/checkin' });
    }
    return { me: session.id };
  },
  component: MainRoute,
});

function MainRoute() {
  const { me } = Route.useRouteContext();
  return (
    <MainLayout me={me}>
      <Outlet />
    </MainLayout>
  );
}
