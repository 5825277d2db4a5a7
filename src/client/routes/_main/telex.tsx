/** /telex?with=<userCode> (spec §2.12): chat; `with` is the open conversation. */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { TelexScreen } from '../../telex/components/telex-screen';

export const Route = createFileRoute('/_main/telex')({
  validateSearch: (search: Record<string, unknown>): { with?: string } =>
    typeof search.with === 'string' && search.with ? { with: search.with } : {},
  component: Telex,
});

function Telex() {
  const { me } = Route.useRouteContext();
  const { with: peer } = Route.useSearch();
  const navigate = useNavigate({ from: '/telex' });
  return <TelexScreen me={me} peer={peer} onSelect={(next) => void navigate({ search: next ? { with: next } : {} })} />;
}
