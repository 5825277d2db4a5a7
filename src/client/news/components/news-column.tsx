/**
 * The home page's news column (spec §2.2, §9): the live news mirrored in Dexie (so it opens
 * offline), pulled again each time the column is shown, in the news carousel. 'No data'
 * (§2.14) only when there is none, even after a pull.
 */
import { Paper, Title } from '@mantine/core';
import { useEffect } from 'react';
import { sync } from '../../sync/client';
import { EmptyState } from '../../ui/empty-state';
import { IconNews } from '../../ui/icons';
import { useAfterFirstScreen } from '../../ui/use-after-first-screen';
import { useNearScreen } from '../../ui/use-near-screen';
import { useNews } from '../queries';
import { NewsCarousel } from './news-carousel';

/** `title`: the column's heading (the /news page names it apart from its own). */
export function NewsColumn({ me, title = 'News' }: { me: string; title?: string }) {
  const items = useNews(me);
  // The carousel after the first screen, once the column is near the viewport: on a phone it
  // follows the feed, far below.
  const { ref, near: drawn } = useNearScreen<HTMLDivElement>(useAfterFirstScreen());
  useEffect(() => {
    void sync.pull({ kind: 'news' }).catch(() => undefined);
  }, []);
  return (
    <Paper ref={ref} withBorder radius="md" p="md" component="section" aria-labelledby="news-title">
      <Title order={2} size="h4" id="news-title" mb="xs">
        {title}
      </Title>
      {drawn && items && (items.length > 0 ? <NewsCarousel items={items} /> : <EmptyState title="No data" icon={<IconNews size={26} />} size="sm" />)}
    </Paper>
  );
}
