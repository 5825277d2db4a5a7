/**
 * One paged panel of circle or slate cards (spec §2.10), 4 a page. The page is pulled when
 * shown, when the page changes and when `reloadKey` says a write settled. Another member's
 * list hidden from the viewer (accessCode 106) shows the privacy picture.
 * `hideWhenEmpty`: a panel that only matters when it has cards (asks, invitations).
 */
import { useState, type ReactNode } from 'react';
import { PAGE_SIZE } from '../../../contract/codes';
import type { OriginKind, OriginListName } from '../../store/origin-lists';
import { PagedPanel } from '../../ui/paged-panel';
import { usePagePull } from '../../ui/use-page-pull';
import { useOriginPage } from '../list-queries';
import type { GroupView } from '../queries';

export type OriginListPanelProps = {
  me: string;
  origin: OriginKind;
  list: OriginListName;
  /** Whose lists: the member themself, or the member visited. */
  owner: string;
  title: string;
  empty: string;
  reloadKey: number;
  renderCard: (view: GroupView) => ReactNode;
  actions?: ReactNode;
  hideWhenEmpty?: boolean;
  ownerGender?: string;
};

export function OriginListPanel(props: OriginListPanelProps) {
  const { me, origin, list, owner, reloadKey, hideWhenEmpty } = props;
  const [pageNo, setPageNo] = useState(1);
  const view = useOriginPage(me, origin, list, owner, pageNo);
  const pull = usePagePull({ kind: 'originList', origin, list, userCode: owner, pageNo }, reloadKey);
  if (hideWhenEmpty && (view?.page?.totalRecords ?? 0) === 0 && (view?.rows.length ?? 0) === 0) return null;
  return (
    <PagedPanel
      title={props.title}
      empty={props.empty}
      page={view?.page}
      cards={(view?.rows ?? []).map((row) => props.renderCard(row))}
      pull={pull}
      pageNo={pageNo}
      pageSize={PAGE_SIZE.lists}
      onPage={setPageNo}
      actions={props.actions}
      hidden={{ gender: props.ownerGender, text: `This member keeps their ${origin === 'circle' ? 'circles' : 'slates'} private.` }}
    />
  );
}
