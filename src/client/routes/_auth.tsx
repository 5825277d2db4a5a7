import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AuthLayout } from '../shell/auth-layout/auth-layout';

/** The public pages' layout (spec §2.1); signed-in members are sent home. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context }) => {
    if (context.isSignedIn()) throw redirect({ to: '/', replace: true });
  },
  component: () => (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  ),
});
