/** /billionett/$userCode/suite (spec §2.7): another member's suite. */
import { createFileRoute } from '@tanstack/react-router';
import { MemberSuiteScreen } from '../../../../suite/components/member-suite-screen';
import { Feed } from '../../../../entries/components/feed';
import { SUITE_FILTERS } from '../../../../entries/components/feed-filters';

export const Route = createFileRoute('/_main/billionett/$userCode/suite')({
  component: MemberSuite,
});

function MemberSuite() {
  const { me } = Route.useRouteContext();
  const { userCode } = Route.useParams();
  return <MemberSuiteScreen me={me} userCode={userCode} feed={<Feed me={me} spec={{ mode: 'user', userCode }} filters={SUITE_FILTERS} verticalFilters />} />;
}
