/** /slate/$pageCode (spec §2.2 "Slate menu"): a slate's layout — picture card and menu bar. */
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { GroupLayout } from '../../../circles/components/group-layout';

export const Route = createFileRoute('/_main/slate/$pageCode')({
  component: SlateLayout,
});

function SlateLayout() {
  const { me } = Route.useRouteContext();
  const { pageCode } = Route.useParams();
  return (
    <GroupLayout me={me} kind="slate" code={pageCode}>
      <Outlet />
    </GroupLayout>
  );
}
