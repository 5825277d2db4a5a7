/**
 * /suite/billionetts/search?q= (spec §2.2 search mode): the member's billionetts
 * matching q. Not nested under /suite/billionetts (the trailing `_`): its own page.
 */
import { createFileRoute } from '@tanstack/react-router';
import { BillionettsSearchScreen } from '../../../billionetts/components/search-screen';

export const Route = createFileRoute('/_main/suite/billionetts_/search')({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' || typeof search.q === 'number' ? { q: String(search.q) } : {},
  component: BillionettsSearch,
});

function BillionettsSearch() {
  const { me } = Route.useRouteContext();
  const { q = '' } = Route.useSearch();
  return <BillionettsSearchScreen me={me} q={q} />;
}
