/** /suite/vault (spec §2.8): the own vault. */
import { createFileRoute } from '@tanstack/react-router';
import { VaultScreen } from '../../../vault/components/vault-screen';

export const Route = createFileRoute('/_main/suite/vault')({
  component: Vault,
});

function Vault() {
  const { me } = Route.useRouteContext();
  return <VaultScreen me={me} />;
}
