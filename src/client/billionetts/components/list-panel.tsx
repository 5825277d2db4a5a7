/**
 * One paged panel of member cards (spec §2.9): its title and count, the cards of the
 * current page from Dexie, the spec's empty state, and the page links. The page is
 * pulled when shown, when the page changes and when `reloadKey` says a write settled.
 * A list hidden from this member (accessCode 106) shows the privacy picture instead.
 */
import { useState, type ReactNode } from 'react';
import { PAGE_SIZE } from '../../../contract/codes';
import type { PersonRow } from '../../store/db';
import type { FriendListKind } from '../../store/friend-pages';
import type { PullRequest } from '../../sync/api';
import { IconCrown } from '../../ui/icons';
import { PagedPanel } from '../../ui/paged-panel';
import { usePagePull } from '../../ui/use-page-pull';
import { useCardPage } from '../queries';

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
  /** Cards a page (the connection lists' 10 unless said). */
  pageSize?: number;
};

export function ListPanel(props: ListPanelProps) {
  const { me, title, kind, owner, params = '', request, empty, reloadKey, renderCard, actions, bare } = props;
  const [pageNo, setPageNo] = useState(1);
  const view = useCardPage(me, kind, owner, params, pageNo);
  const pull = usePagePull(request(pageNo), reloadKey);
  return (
    <PagedPanel
      title={title}
      empty={empty}
      page={view?.page}
      cards={(view?.rows ?? []).map((person) => renderCard(person))}
      pull={pull}
      pageNo={pageNo}
      pageSize={props.pageSize ?? PAGE_SIZE.friends}
      onPage={setPageNo}
      actions={actions}
      hidden={{ gender: props.ownerGender, text: 'This member keeps their billionetts private.' }}
      icon={<IconCrown size={26} />}
      bare={bare}
    />
  );
}
