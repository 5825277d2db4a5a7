/**
 * One paged panel of a circle's or slate's people (spec §2.10 members page, followers
 * page, the circle suite's invite list): member cards from Dexie with the owner's queued
 * buttons, each card marked pending or refused from the outbox. Pulled when shown, when
 * the page changes and when `reloadKey` says a write settled.
 */
import { Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { MEMBERS_PAGE_SIZE } from '../../../contract/circle-admin';
import type { OwnerWriteKind } from '../../store/appliers/circles';
import type { PersonRow } from '../../store/db';
import type { OriginKind, OriginPeopleName } from '../../store/origin-lists';
import { PagedPanel } from '../../ui/paged-panel';
import { PersonCard } from '../../ui/person-card';
import { PersonLine } from '../../ui/person-line';
import { queuedMark, QueuedButtons, type QueuedButton } from '../../ui/queued-buttons';
import { usePagePull } from '../../ui/use-page-pull';
import { discardWrite, ownerWrite, retryWrite } from '../commands';
import type { WriteState } from '../list-queries';
import { usePeoplePage } from '../list-queries';
import { useOnline } from '../../ui/use-online';

export type PeopleButton = QueuedButton<OwnerWriteKind>;

export type PeoplePanelProps = {
  me: string;
  origin: OriginKind;
  code: string;
  list: OriginPeopleName;
  title: string;
  empty: string;
  reloadKey: number;
  states: Map<string, WriteState> | undefined;
  /** The buttons a card gets (none: read-only). */
  buttonsFor: (person: PersonRow) => PeopleButton[];
  pageSize?: number;
  /** Cards this device put aside for the session (an invite row's 'Later', an ask's 'Close'). */
  skip?: ReadonlySet<string>;
  /** More on a card besides the owner's buttons (Later, Close, a follower's own Unfollow); null for none. */
  extra?: (person: PersonRow) => ReactNode;
  /** 'rows': compact lines for a narrow column (the invite list). */
  layout?: 'grid' | 'rows';
};

export const suiteHref = (userCode: string) => `/billionett/${encodeURIComponent(userCode)}/suite`;

export function PeoplePanel(props: PeoplePanelProps) {
  const { me, origin, code, list, reloadKey, states, buttonsFor, pageSize = MEMBERS_PAGE_SIZE, skip, extra, layout = 'grid' } = props;
  const Card = layout === 'rows' ? PersonLine : PersonCard;
  const justify = layout === 'rows' ? 'flex-start' : 'center';
  const online = useOnline();
  const [pageNo, setPageNo] = useState(1);
  const view = usePeoplePage(me, origin, list, code, pageNo);
  const pull = usePagePull({ kind: 'originPeople', origin, code, list, pageNo }, reloadKey);
  const cards = (view?.rows ?? [])
    .filter((person) => !skip?.has(person.userCode))
    .map((person) => {
      const buttons = buttonsFor(person);
      const more = extra?.(person);
      const state = states?.get(person.userCode);
      const mark = queuedMark(state, buttons, online, origin === 'circle' ? 'Circle change' : 'Slate change');
      return (
        <Card
          key={person.userCode}
          person={person}
          href={suiteHref(person.userCode)}
          status={mark.badge}
          busy={mark.busy}
          footer={
            buttons.length > 0 || more ? (
              <Group gap={6} justify={justify} wrap="wrap">
                {buttons.length > 0 && (
                  <QueuedButtons
                    name={person.displayName}
                    state={state}
                    buttons={buttons}
                    online={online}
                    act={(kind) => ownerWrite(me, kind, code, person.userCode)}
                    retry={retryWrite}
                    discard={discardWrite}
                    justify={justify}
                  />
                )}
                {more}
              </Group>
            ) : undefined
          }
        />
      );
    });
  // A row put aside leaves the page, and the count says so (spec §4 "the row is removed
  // and the total decreases"). Only those of the page shown: a row counted here is one the
  // server still lists.
  const page = view?.page;
  const aside = page && skip ? page.codes.filter((c) => skip.has(c)).length : 0;
  return (
    <PagedPanel
      title={props.title}
      empty={props.empty}
      page={page}
      aside={aside}
      cards={cards}
      pull={pull}
      pageNo={pageNo}
      pageSize={pageSize}
      onPage={setPageNo}
      layout={layout}
      hidden={{ text: origin === 'circle' ? 'Its owner keeps the members private.' : 'Its admin keeps the followers private.' }}
    />
  );
}
