/**
 * The feed column until the entries issue brings the feed: the spec's 'No data'
 * empty state (§2.14) in a column of the feed's width.
 */
import { Paper } from '@mantine/core';
import { EmptyState } from './empty-state';
import { IconFeed } from './icons';

export function FeedPlaceholder() {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Feed">
      <EmptyState title="No data" icon={<IconFeed size={26} />} />
    </Paper>
  );
}
