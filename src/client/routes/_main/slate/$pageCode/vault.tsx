/** /slate/$pageCode/vault (spec §2.2 "Slate menu", §2.10): the slate's vault. */
import { createFileRoute } from '@tanstack/react-router';
import { OriginVaultScreen } from '../../../../circles/components/origin-vault-screen';

export const Route = createFileRoute('/_main/slate/$pageCode/vault')({
  component: SlateVault,
});

function SlateVault() {
  const { me } = Route.useRouteContext();
  const { pageCode } = Route.useParams();
  return <OriginVaultScreen me={me} kind="slate" code={pageCode} />;
}
