/** /circle/$groupCode/members (spec §2.2 "Circle menu", §2.10): the circle's members. */
import { createFileRoute } from '@tanstack/react-router';
import { OriginMembersScreen } from '../../../../circles/components/origin-members-screen';

export const Route = createFileRoute('/_main/circle/$groupCode/members')({
  component: CircleMembers,
});

function CircleMembers() {
  const { me } = Route.useRouteContext();
  const { groupCode } = Route.useParams();
  return <OriginMembersScreen me={me} kind="circle" code={groupCode} />;
}
