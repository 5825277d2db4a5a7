/** /barter/search?q= (spec §2.11 'barter/search'): barter listings matching q, on a page of its own. */
import { createFileRoute } from '@tanstack/react-router';
import { BarterSearchScreen } from '../../barter/components/barter-search-screen';
import { PageTitle } from '../../ui/page-title';

export const Route = createFileRoute('/_main/barter_/search')({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' || typeof search.q === 'number' ? { q: String(search.q) } : {},
  component: BarterSearch,
});

function BarterSearch() {
  const { me } = Route.useRouteContext();
  const { q = '' } = Route.useSearch();
  return (
    <>
      <PageTitle title="Barter Service" />
      <BarterSearchScreen me={me} q={q} />
    </>
  );
}
