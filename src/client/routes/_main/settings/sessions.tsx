/** /settings/sessions — 'Where you're signed in' (issue 29). */
import { createFileRoute } from '@tanstack/react-router';
import { SessionsScreen } from '../../../settings/components/sessions-screen';

export const Route = createFileRoute('/_main/settings/sessions')({
  component: Sessions,
});

function Sessions() {
  const { me } = Route.useRouteContext();
  return <SessionsScreen me={me} />;
}
