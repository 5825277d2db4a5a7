/**
 * /suite/billionetts/search?q= (spec §2.2 search mode, §5 Search), where the header's
 * global search lands by default: the member's billionetts matching the text, then every
 * member matching it (search/users: accents folded, a typo tolerated). The search fires
 * only from 2 characters; shorter text (or no match) shows 'No Billionetts found...'.
 * Results are mirrored per text, so a search made before shows offline too.
 */
import { Stack } from '@mantine/core';
import { FRIEND_SEARCH_MIN } from '../../../contract/friends';
import { SEARCH_PAGE_SIZE } from '../../../contract/search';
import { searchParams } from '../../store/friend-pages';
import { PersonCard } from '../../ui/person-card';
import { SearchMinHint } from '../../ui/search-min-hint';
import { useFriendWatch } from '../hooks/use-friend-watch';
import { suiteHref } from './friend-panels';
import { ListPanel } from './list-panel';

export function BillionettsSearchScreen({ me, q }: { me: string; q: string }) {
  const { reloadKey } = useFriendWatch(me);
  const text = q.trim();
  const searchable = text.length >= FRIEND_SEARCH_MIN;
  return (
    <Stack gap="md">
      <SearchMinHint text={text} min={FRIEND_SEARCH_MIN} />
      <ListPanel
        // A new text starts again at page 1.
        key={searchParams(text)}
        me={me}
        title={searchable ? `Billionetts matching "${text}"` : 'Billionetts'}
        kind="friendSearch"
        owner={me}
        params={searchable ? searchParams(text) : '\u0000'}
        request={(pageNo) => (searchable ? { kind: 'friendSearch', q: text, pageNo } : null)}
        empty="No Billionetts found..."
        reloadKey={reloadKey}
        renderCard={(person) => <PersonCard key={person.userCode} person={person} href={suiteHref(person.userCode)} />}
      />
      {searchable && (
        <ListPanel
          key={`members|${searchParams(text)}`}
          me={me}
          title={`Members matching "${text}"`}
          kind="memberSearch"
          owner={me}
          params={searchParams(text)}
          request={(pageNo) => ({ kind: 'memberSearch', q: text, pageNo })}
          empty="No Billionetts found..."
          reloadKey={reloadKey}
          pageSize={SEARCH_PAGE_SIZE}
          renderCard={(person) => <PersonCard key={person.userCode} person={person} href={suiteHref(person.userCode)} />}
        />
      )}
    </Stack>
  );
}
