/** /circle/$groupCode/vault (spec §2.2 "Circle menu", §2.10): the circle's vault. */
import { createFileRoute } from '@tanstack/react-router';
import { OriginVaultScreen } from '../../../../circles/components/origin-vault-screen';

export const Route = createFileRoute('/_main/circle/$groupCode/vault')({
  component: CircleVault,
});

function CircleVault() {
  const { me } = Route.useRouteContext();
  const { groupCode } = Route.useParams();
  return <OriginVaultScreen me={me} kind="circle" code={groupCode} />;
}
