/**
 * /suite/search?q= (spec §2.2 search mode, Suite tab): entries whose text matches q, as a
 * feed; it searches again when q changes. Fewer than 2 characters search nothing.
 */
import { Stack, Title } from '@mantine/core';
import { SEARCH_TEXT_MIN } from '../../../contract/entries';
import { EmptyState } from '../../ui/empty-state';
import { IconSearch } from '../../ui/icons';
import { Feed } from './feed';

export function SearchFeed({ me, q }: { me: string; q: string }) {
  const text = q.trim();
  return (
    <Stack gap="md" maw={648}>
      <Title order={2} size="h3">{text ? `Entries matching "${text}"` : 'Search entries'}</Title>
      {text.length < SEARCH_TEXT_MIN ? (
        <EmptyState title="No data" icon={<IconSearch size={26} />} />
      ) : (
        <Feed me={me} spec={{ mode: 'search', q: text }} />
      )}
    </Stack>
  );
}
