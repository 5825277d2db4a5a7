/** /billionett/$userCode/slates (spec §2.10): another member's slates — their own and those they follow — read-only. */
import { createFileRoute } from '@tanstack/react-router';
import { MemberOriginsScreen } from '../../../../circles/components/member-origins-screen';

export const Route = createFileRoute('/_main/billionett/$userCode/slates')({
  component: MemberSlates,
});

function MemberSlates() {
  const { me } = Route.useRouteContext();
  const { userCode } = Route.useParams();
  return <MemberOriginsScreen me={me} userCode={userCode} kind="slate" />;
}
