/**
 * The home page's news column (spec §2.2). The live-news mirror (admin/news/live
 * into Dexie) arrives with the news issue; until a news table exists there is
 * nothing cached to show, so the column says 'No data' (§2.14).
 */
import { Paper, Title } from '@mantine/core';
import { EmptyState } from '../../ui/empty-state';
import { IconNews } from '../../ui/icons';

export function NewsColumn() {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="news-title">
      <Title order={2} size="h4" id="news-title">
        News
      </Title>
      <EmptyState title="No data" icon={<IconNews size={26} />} size="sm" />
    </Paper>
  );
}
