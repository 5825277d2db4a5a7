/**
 * /suite/circles/search?q= and /suite/slate/search?q= (spec §2.2 search mode, §5 Search):
 * the circles or slates whose name matches q, 16 a page, each with the button for where
 * the member stands (Follow, Cancel request, Accept invitation, Unfollow). The search fires
 * from 2 characters; shorter text, or nothing found, shows 'No Circles found...'. Results
 * are mirrored per text, so a search made before opens offline.
 */
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { SEARCH_MIN, SEARCH_PAGE_SIZE } from '../../../contract/search';
import type { OriginKind } from '../../store/origin-lists';
import { PagedPanel } from '../../ui/paged-panel';
import { SearchMinHint } from '../../ui/search-min-hint';
import { usePagePull } from '../../ui/use-page-pull';
import { useWriteWatch } from '../../ui/use-write-watch';
import { mineTarget, useOriginSearchPage, useWriteStates } from '../list-queries';
import type { GroupView } from '../queries';
import { OriginActions, originMark } from './origin-actions';
import { OriginCard } from './origin-card';
import { STANDING_BUTTONS } from './standing-actions';
import { useOnline } from '../../ui/use-online';

const WORDS = {
  circle: { plural: 'Circles', empty: 'No Circles found...' },
  // The spec names no slate search state; a slate search says it the circles' way.
  slate: { plural: 'Slates', empty: 'No Slates found...' },
} as const;

export function OriginSearchScreen({ me, kind, q }: { me: string; kind: OriginKind; q: string }) {
  const text = q.trim();
  return (
    <Stack gap="md">
      <SearchMinHint text={text} min={SEARCH_MIN} />
      {/* A new text starts again at page 1. */}
      <Results key={`${kind}|${text}`} me={me} kind={kind} text={text} />
    </Stack>
  );
}

function Results({ me, kind, text }: { me: string; kind: OriginKind; text: string }) {
  const online = useOnline();
  const [pageNo, setPageNo] = useState(1);
  const searchable = text.length >= SEARCH_MIN;
  const reloadKey = useWriteWatch(me, mineTarget(kind, me));
  const states = useWriteStates(me, mineTarget(kind, me), kind === 'circle' ? 'groupCode' : 'pageCode');
  const view = useOriginSearchPage(me, kind, searchable ? text : '\u0000', pageNo);
  const pull = usePagePull(searchable ? { kind: 'originSearch', origin: kind, q: text, pageNo } : null, reloadKey);
  const words = WORDS[kind];

  const card = (group: GroupView) => {
    const buttons = STANDING_BUTTONS[`${group.kind}:${group.standing}`] ?? [];
    const state = states?.get(group.code);
    const mark = originMark(state, buttons, online);
    return (
      <OriginCard
        key={group.code}
        view={group}
        status={mark.badge}
        busy={mark.busy}
        footer={buttons.length > 0 ? <OriginActions me={me} view={group} state={state} buttons={buttons} online={online} /> : undefined}
      />
    );
  };

  return (
    <PagedPanel
      title={searchable ? `${words.plural} matching "${text}"` : words.plural}
      empty={words.empty}
      page={view?.page}
      cards={(view?.rows ?? []).map(card)}
      pull={searchable ? pull : { pulling: false, result: undefined }}
      pageNo={pageNo}
      pageSize={SEARCH_PAGE_SIZE}
      onPage={setPageNo}
    />
  );
}
