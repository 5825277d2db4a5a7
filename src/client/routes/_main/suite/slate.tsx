/** /suite/slate (spec §2.10): the member's slates — own, following, suggested — and the Add Slate drawer. */
import { createFileRoute } from '@tanstack/react-router';
import { OriginsScreen } from '../../../circles/components/origins-screen';

export const Route = createFileRoute('/_main/suite/slate')({
  component: Slates,
});

function Slates() {
  const { me } = Route.useRouteContext();
  return <OriginsScreen me={me} kind="slate" />;
}
