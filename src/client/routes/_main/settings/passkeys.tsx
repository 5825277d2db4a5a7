/** /settings/passkeys — the member's passkeys (issue 29). */
import { createFileRoute } from '@tanstack/react-router';
import { PasskeysScreen } from '../../../settings/components/passkeys-screen';

export const Route = createFileRoute('/_main/settings/passkeys')({
  component: Passkeys,
});

function Passkeys() {
  const { me } = Route.useRouteContext();
  return <PasskeysScreen me={me} />;
}
