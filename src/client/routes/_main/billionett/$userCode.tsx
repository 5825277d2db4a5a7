/** /billionett/$userCode (spec §2.2): another member's layout — profile card and menu bar. */
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { BillionettLayout } from '../../../suite/components/billionett-layout';

export const Route = createFileRoute('/_main/billionett/$userCode')({
  beforeLoad: ({ params, context }) => {
    // The member's own code: their own suite.
    if (params.userCode === context.me) throw redirect({ to: '/suite', replace: true });
  },
  component: MemberLayout,
});

function MemberLayout() {
  const { me } = Route.useRouteContext();
  const { userCode } = Route.useParams();
  return (
    <BillionettLayout me={me} userCode={userCode}>
      <Outlet />
    </BillionettLayout>
  );
}
