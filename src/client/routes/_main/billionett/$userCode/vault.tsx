/** /billionett/$userCode/vault (spec §2.8): another member's vault, read-only. */
import { createFileRoute } from '@tanstack/react-router';
import { MemberVaultScreen } from '../../../../vault/components/member-vault-screen';

export const Route = createFileRoute('/_main/billionett/$userCode/vault')({
  component: MemberVault,
});

function MemberVault() {
  const { me } = Route.useRouteContext();
  const { userCode } = Route.useParams();
  return <MemberVaultScreen me={me} userCode={userCode} />;
}
