/** /suite (spec §2.7): the own suite. */
import { createFileRoute } from '@tanstack/react-router';
import { SuiteScreen } from '../../../suite/components/suite-screen';
import { FeedPlaceholder } from '../../../ui/feed-placeholder';

export const Route = createFileRoute('/_main/suite/')({
  component: Suite,
});

function Suite() {
  const { me } = Route.useRouteContext();
  return <SuiteScreen me={me} feed={<FeedPlaceholder />} />;
}
