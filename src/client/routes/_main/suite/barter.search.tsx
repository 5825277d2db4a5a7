/** /suite/barter/search?q= (spec §2.2 search mode): the Barter tab of the suite's search. */
import { createFileRoute } from '@tanstack/react-router';
import { BarterSearchScreen } from '../../../barter/components/barter-search-screen';

export const Route = createFileRoute('/_main/suite/barter/search')({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' || typeof search.q === 'number' ? { q: String(search.q) } : {},
  component: SuiteBarterSearch,
});

function SuiteBarterSearch() {
  const { me } = Route.useRouteContext();
  const { q = '' } = Route.useSearch();
  return <BarterSearchScreen me={me} q={q} />;
}
