/** /settings/delete-account — 'Delete my account' (issue 29). */
import { createFileRoute } from '@tanstack/react-router';
import { DeleteAccountScreen } from '../../../settings/components/delete-account-screen';

export const Route = createFileRoute('/_main/settings/delete-account')({
  component: DeleteAccount,
});

function DeleteAccount() {
  const { me } = Route.useRouteContext();
  return <DeleteAccountScreen me={me} />;
}
