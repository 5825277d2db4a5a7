/** /barter (spec §2.11): 'Barter Service' — the marketplace of services near the member. */
import { createFileRoute } from '@tanstack/react-router';
import { BarterScreen } from '../../barter/components/barter-screen';
import { useProfile } from '../../suite/queries';

export const Route = createFileRoute('/_main/barter')({
  component: Barter,
});

function Barter() {
  const { me } = Route.useRouteContext();
  const profile = useProfile(me);
  // Undefined until the suite is read; '' for a member without a city.
  return <BarterScreen me={me} locationName={profile ? (profile.locationName ?? '') : undefined} />;
}
