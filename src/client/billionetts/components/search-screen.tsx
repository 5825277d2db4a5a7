/**
 * /suite/billionetts/search?q= (spec §2.2 search mode, §5 Search): the member's
 * billionetts matching the text. The search fires only from 2 characters; shorter
 * text (or no match) shows 'No Billionetts found...'. Results are mirrored per text,
 * so a search made before shows offline too.
 */
import { Text } from '@mantine/core';
import { FRIEND_SEARCH_MIN } from '../../../contract/friends';
import { searchParams } from '../../store/friend-pages';
import { PersonCard } from '../../ui/person-card';
import { useFriendWatch } from '../hooks/use-friend-watch';
import { suiteHref } from './friend-panels';
import { ListPanel } from './list-panel';

export function BillionettsSearchScreen({ me, q }: { me: string; q: string }) {
  const { reloadKey } = useFriendWatch(me);
  const text = q.trim();
  const searchable = text.length >= FRIEND_SEARCH_MIN;
  return (
    <>
      {!searchable && text.length > 0 && (
        <Text size="sm" c="dimmed" mb="sm">
          Type at least {FRIEND_SEARCH_MIN} characters to search.
        </Text>
      )}
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
    </>
  );
}
