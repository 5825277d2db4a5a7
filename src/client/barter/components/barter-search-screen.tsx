/**
 * /barter/search?q= and /suite/barter/search?q= (spec §2.2 search mode, §2.11): the
 * listings whose heading or service matches q, 16 a page, 'No Barter found...' when none
 * (or the text is under 2 characters). Mirrored per text, so a search made before opens
 * offline. The author's menu works here as on the grid.
 */
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { SEARCH_MIN, SEARCH_PAGE_SIZE } from '../../../contract/search';
import { IconBarter } from '../../ui/icons';
import { PagedPanel } from '../../ui/paged-panel';
import { SearchMinHint } from '../../ui/search-min-hint';
import { usePagePull } from '../../ui/use-page-pull';
import { useBarterSearchPage } from '../queries';
import { useServiceActions } from './use-service-actions';

export function BarterSearchScreen({ me, q }: { me: string; q: string }) {
  const text = q.trim();
  return (
    <Stack gap="md">
      <SearchMinHint text={text} min={SEARCH_MIN} />
      {/* A new text starts again at page 1. */}
      <Results key={text} me={me} text={text} />
    </Stack>
  );
}

function Results({ me, text }: { me: string; text: string }) {
  const [pageNo, setPageNo] = useState(1);
  const searchable = text.length >= SEARCH_MIN;
  const actions = useServiceActions(me);
  const view = useBarterSearchPage(me, searchable ? text : '\u0000', pageNo);
  const pull = usePagePull(searchable ? { kind: 'barterSearch', q: text, pageNo } : null, actions.reload);
  return (
    <>
      <PagedPanel
        title={searchable ? `Barter matching "${text}"` : 'Barter'}
        empty="No Barter found..."
        page={view?.page}
        layout="wide"
        cards={(view?.rows ?? []).map(actions.card)}
        pull={searchable ? pull : { pulling: false, result: undefined }}
        pageNo={pageNo}
        pageSize={SEARCH_PAGE_SIZE}
        onPage={setPageNo}
        icon={<IconBarter size={26} />}
      />
      {actions.dialogs}
    </>
  );
}
