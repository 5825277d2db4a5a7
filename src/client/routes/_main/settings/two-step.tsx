/** /settings/two-step — two-step sign-in (issue 29). */
import { createFileRoute } from '@tanstack/react-router';
import { TwoStepScreen } from '../../../settings/components/two-step-screen';

export const Route = createFileRoute('/_main/settings/two-step')({
  component: TwoStep,
});

function TwoStep() {
  const { me } = Route.useRouteContext();
  return <TwoStepScreen me={me} />;
}
