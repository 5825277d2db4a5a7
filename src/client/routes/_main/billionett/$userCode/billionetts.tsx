/** /billionett/$userCode/billionetts (spec §2.9): another member's billionetts, read-only. */
import { createFileRoute } from '@tanstack/react-router';
import { MemberBillionettsScreen } from '../../../../billionetts/components/member-billionetts-screen';

export const Route = createFileRoute('/_main/billionett/$userCode/billionetts')({
  component: MemberBillionetts,
});

function MemberBillionetts() {
  const { me } = Route.useRouteContext();
  const { userCode } = Route.useParams();
  return <MemberBillionettsScreen me={me} userCode={userCode} />;
}
