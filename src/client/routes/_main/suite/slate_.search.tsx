/**
 * /suite/slate/search?q= (spec §2.2 search mode): slates whose name matches q. Not
 * nested under /suite/slate (the trailing `_`): its own page.
 */
import { createFileRoute } from '@tanstack/react-router';
import { OriginSearchScreen } from '../../../circles/components/origin-search-screen';

export const Route = createFileRoute('/_main/suite/slate_/search')({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' || typeof search.q === 'number' ? { q: String(search.q) } : {},
  component: SlatesSearch,
});

function SlatesSearch() {
  const { me } = Route.useRouteContext();
  const { q = '' } = Route.useSearch();
  return <OriginSearchScreen me={me} kind="slate" q={q} />;
}
