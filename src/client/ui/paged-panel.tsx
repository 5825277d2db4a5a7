/**
 * The frame of every paged list panel (spec §2.9, §2.10): title and count, the cards of
 * the page, a loader while the first page comes, the spec's empty state (or the pull's
 * words when it failed with nothing saved), the privacy picture when the list is hidden
 * (accessCode 106), a line when offline, and the page links.
 */
import { Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ACCESS_RESTRICTED } from '../../contract/codes';
import type { ListPageRow } from '../store/db';
import type { PagePull } from './use-page-pull';
import { CardGrid } from './card-grid';
import { EmptyState } from './empty-state';
import { Pager } from './pager';
import { PrivacyPicture } from './privacy-picture';

export type PagedPanelProps = {
  title: string;
  empty: string;
  page: ListPageRow | undefined;
  cards: ReactNode[];
  pull: PagePull;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number) => void;
  actions?: ReactNode;
  /** For the privacy picture of a hidden list. */
  hidden?: { gender?: string; text: string };
  /** 'rows': one card under another (a narrow column), instead of the card grid; 'wide': fewer, wider cards a row. */
  layout?: 'grid' | 'wide' | 'rows';
  /** The empty state's picture. */
  icon?: ReactNode;
  /** Inside a modal: no frame of its own. */
  bare?: boolean;
  /**
   * Rows of this page the member put aside on this device: left out of the count shown,
   * not of the pages (the server still pages them, so the later pages stay reachable).
   */
  aside?: number;
};

export function PagedPanel(props: PagedPanelProps) {
  const { title, empty, page, cards, pull, pageNo, pageSize, onPage, actions, hidden, layout = 'grid', aside = 0, icon, bare } = props;
  const total = page?.totalRecords ?? 0;
  const shown = Math.max(0, total - aside);
  let body: ReactNode;
  if (page?.accessCode === ACCESS_RESTRICTED) body = <PrivacyPicture gender={hidden?.gender} text={hidden?.text} />;
  else if (cards.length > 0 && layout === 'rows') {
    body = (
      <Stack gap={0} role="list" aria-label={title}>
        {cards.map((card, i) => (
          <div role="listitem" key={i}>
            {card}
          </div>
        ))}
      </Stack>
    );
  } else if (cards.length > 0) body = <CardGrid label={title} wide={layout === 'wide'}>{cards}</CardGrid>;
  else if (!page && pull.pulling) body = <Center py="xl"><Loader size="sm" role="status" aria-label={`Loading ${title}`} /></Center>;
  else if (!page && pull.result && !pull.result.ok) body = <EmptyState title={empty} description={pull.result.message} icon={icon} />;
  else body = <EmptyState title={empty} icon={icon} />;

  const content = (
    <>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {shown > 0 && (
            <Badge variant="light" size="sm" aria-label={`${shown} in ${title}`}>
              {shown}
            </Badge>
          )}
          {pull.pulling && page && <Loader size={14} role="status" aria-label={`Refreshing ${title}`} />}
        </Group>
        {actions}
      </Group>
      {body}
      {pull.result?.offline && page && (
        <Text size="xs" c="dimmed" mt="xs">
          Offline: showing what this device saved.
        </Text>
      )}
      <Pager total={total} pageSize={pageSize} value={pageNo} onChange={onPage} label={`${title} pages`} />
    </>
  );
  if (bare) return <section aria-label={title}>{content}</section>;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      {content}
    </Paper>
  );
}
