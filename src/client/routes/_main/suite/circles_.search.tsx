/**
 * /suite/circles/search?q= (spec §2.2 search mode): circles whose name matches q. Not
 * nested under /suite/circles (the trailing `_`): its own page.
 */
import { createFileRoute } from '@tanstack/react-router';
import { OriginSearchScreen } from '../../../circles/components/origin-search-screen';

export const Route = createFileRoute('/_main/suite/circles_/search')({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' || typeof search.q === 'number' ? { q: String(search.q) } : {},
  component: CirclesSearch,
});

function CirclesSearch() {
  const { me } = Route.useRouteContext();
  const { q = '' } = Route.useSearch();
  return <OriginSearchScreen me={me} kind="circle" q={q} />;
}
