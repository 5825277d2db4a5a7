/**
 * One paged panel of member cards (spec §2.9): its title and count, the cards of the
 * current page from Dexie, the spec's empty state, and the page links. The page is
 * pulled when shown, when the page changes and when `reloadKey` says a write settled.
 * A list hidden from this member (accessCode 106) shows the privacy picture instead.
 */
import { Badge, Center, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ACCESS_RESTRICTED } from '../../../contract/codes';
import { FRIENDS_PAGE_SIZE } from '../../../contract/friends';
import type { PersonRow } from '../../store/db';
import type { FriendListKind } from '../../store/friend-pages';
import type { PullRequest } from '../../sync/api';
import { EmptyState } from '../../ui/empty-state';
import { IconCrown } from '../../ui/icons';
import { Pager } from '../../ui/pager';
import { PrivacyPicture } from '../../ui/privacy-picture';
import { usePagePull } from '../../ui/use-page-pull';
import { useCardPage } from '../queries';
import { CardGrid } from '../../ui/card-grid';

export type ListPanelProps = {
  me: string;
  title: string;
  kind: FriendListKind;
  owner: string;
  params?: string;
  /** The pull of a page; null when nothing should be asked (a search text too short). */
  request: (pageNo: number) => PullRequest | null;
  empty: string;
  reloadKey: number;
  renderCard: (person: PersonRow) => ReactNode;
  /** The gender of the list's owner, for the privacy picture (another member's list). */
  ownerGender?: string;
  actions?: ReactNode;
  bare?: boolean;
};

export function ListPanel(props: ListPanelProps) {
  const { me, title, kind, owner, params = '', request, empty, reloadKey, renderCard, actions, bare } = props;
  const [pageNo, setPageNo] = useState(1);
  const view = useCardPage(me, kind, owner, params, pageNo);
  const pull = usePagePull(request(pageNo), reloadKey);
  const page = view?.page;
  const total = page?.totalRecords ?? 0;

  let body: ReactNode;
  if (page?.accessCode === ACCESS_RESTRICTED) body = <PrivacyPicture gender={props.ownerGender} text="This member keeps their billionetts private." />;
  else if (view && view.rows.length > 0) body = <CardGrid label={title}>{view.rows.map((person) => renderCard(person))}</CardGrid>;
  else if (!page && pull.pulling) body = <Center py="xl"><Loader size="sm" aria-label={`Loading ${title}`} /></Center>;
  else if (!page && pull.result && !pull.result.ok) body = <EmptyState title={empty} description={pull.result.message} icon={<IconCrown size={26} />} />;
  else body = <EmptyState title={empty} icon={<IconCrown size={26} />} />;

  const content = (
    <>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {total > 0 && (
            <Badge variant="light" size="sm" aria-label={`${total} in ${title}`}>
              {total}
            </Badge>
          )}
          {pull.pulling && page && <Loader size={14} aria-label={`Refreshing ${title}`} />}
        </Group>
        {actions}
      </Group>
      {body}
      {pull.result?.offline && page && (
        <Text size="xs" c="dimmed" mt="xs">
          Offline: showing what this device saved.
        </Text>
      )}
      <Pager total={total} pageSize={FRIENDS_PAGE_SIZE} value={pageNo} onChange={setPageNo} label={`${title} pages`} />
    </>
  );
  if (bare) return <section aria-label={title}>{content}</section>;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      {content}
    </Paper>
  );
}
