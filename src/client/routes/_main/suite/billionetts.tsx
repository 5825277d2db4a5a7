/** /suite/billionetts (spec §2.9): the own connections. */
import { createFileRoute } from '@tanstack/react-router';
import { BillionettsScreen } from '../../../billionetts/components/billionetts-screen';

export const Route = createFileRoute('/_main/suite/billionetts')({
  component: Billionetts,
});

function Billionetts() {
  const { me } = Route.useRouteContext();
  return <BillionettsScreen me={me} />;
}
