/** /billionett/$userCode/suite (spec §2.7): another member's suite. */
import { createFileRoute } from '@tanstack/react-router';
import { MemberSuiteScreen } from '../../../../suite/components/member-suite-screen';
import { FeedPlaceholder } from '../../../../ui/feed-placeholder';

export const Route = createFileRoute('/_main/billionett/$userCode/suite')({
  component: MemberSuite,
});

function MemberSuite() {
  const { me } = Route.useRouteContext();
  const { userCode } = Route.useParams();
  return <MemberSuiteScreen me={me} userCode={userCode} feed={<FeedPlaceholder />} />;
}
