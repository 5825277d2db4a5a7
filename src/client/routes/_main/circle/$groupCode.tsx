/** /circle/$groupCode (spec §2.2 "Circle menu"): a circle's layout — picture card and menu bar. */
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { GroupLayout } from '../../../circles/components/group-layout';

export const Route = createFileRoute('/_main/circle/$groupCode')({
  component: CircleLayout,
});

function CircleLayout() {
  const { me } = Route.useRouteContext();
  const { groupCode } = Route.useParams();
  return (
    <GroupLayout me={me} kind="circle" code={groupCode}>
      <Outlet />
    </GroupLayout>
  );
}
