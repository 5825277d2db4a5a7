/** /suite/search?q= (spec §2.2 search mode): entries matching q. */
import { createFileRoute } from '@tanstack/react-router';
import { SearchFeed } from '../../../entries/components/search-feed';

export const Route = createFileRoute('/_main/suite/search')({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' || typeof search.q === 'number' ? { q: String(search.q) } : {},
  component: SuiteSearch,
});

function SuiteSearch() {
  const { me } = Route.useRouteContext();
  const { q = '' } = Route.useSearch();
  return <SearchFeed me={me} q={q} />;
}
