/** /slate/$pageCode/followers (spec §2.2 "Slate menu", §2.10): the slate's followers. */
import { createFileRoute } from '@tanstack/react-router';
import { OriginMembersScreen } from '../../../../circles/components/origin-members-screen';

export const Route = createFileRoute('/_main/slate/$pageCode/followers')({
  component: SlateFollowers,
});

function SlateFollowers() {
  const { me } = Route.useRouteContext();
  const { pageCode } = Route.useParams();
  return <OriginMembersScreen me={me} kind="slate" code={pageCode} />;
}
