/** /suite/circles (spec §2.10): the member's circles — own, following, suggested — and the Add Circle drawer. */
import { createFileRoute } from '@tanstack/react-router';
import { OriginsScreen } from '../../../circles/components/origins-screen';

export const Route = createFileRoute('/_main/suite/circles')({
  component: Circles,
});

function Circles() {
  const { me } = Route.useRouteContext();
  return <OriginsScreen me={me} kind="circle" />;
}
