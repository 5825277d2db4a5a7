/**
 * The four member-card panels of the own connections page and the crown modal
 * (spec §2.9, §2.3): one ListPanel each, told apart only by their list, its buttons and
 * its empty text (PANELS).
 */
import type { PersonRow } from '../../store/db';
import type { FriendListKind } from '../../store/friend-pages';
import type { PullRequest } from '../../sync/api';
import { PersonCard } from '../../ui/person-card';
import type { FriendWriteState } from '../queries';
import { cardMark, FriendActions, type FriendButton } from './friend-actions';
import { ListPanel } from './list-panel';
import { useOnline } from '../../ui/use-online';

export const suiteHref = (userCode: string) => `/billionett/${encodeURIComponent(userCode)}/suite`;

export type FriendPanelProps = {
  me: string;
  reloadKey: number;
  states: Map<string, FriendWriteState>;
  /** Inside the crown modal: no frame of its own. */
  bare?: boolean;
};

/** What tells the four panels apart: their list, its pull, its words and its buttons. */
type PanelSpec = {
  title: string;
  list: FriendListKind;
  request: (me: string, pageNo: number) => PullRequest;
  empty: string;
  buttons: FriendButton[];
};

const PANELS = {
  friends: {
    title: 'My Billionetts',
    list: 'friends',
    request: (me, pageNo) => ({ kind: 'friends', userCode: me, pageNo }),
    empty: 'No Billionetts found...',
    buttons: [
      {
        label: 'Unfriend',
        kind: 'friend.unfriend',
        variant: 'default',
        color: 'red',
        // Not in spec: the spec asks to unfriend with a confirmation but gives no words.
        confirm: { message: (name: string) => `Are you sure you want to unfriend "${name}"?` },
      },
    ],
  },
  requests: {
    title: 'Billionett Requests',
    list: 'friendRequests',
    request: (_me, pageNo) => ({ kind: 'friendRequests', pageNo }),
    empty: 'No Billionett Candidates',
    buttons: [
      { label: 'Accept', kind: 'friendRequest.accept', variant: 'filled' },
      { label: 'Reject', kind: 'friendRequest.reject', variant: 'default' },
    ],
  },
  requested: {
    title: 'Requested by me',
    list: 'requestFriends',
    request: (_me, pageNo) => ({ kind: 'requestFriends', pageNo }),
    empty: 'Not yet Requested',
    buttons: [{ label: 'Remove', kind: 'sentRequest.remove', variant: 'default' }],
  },
  suggestions: {
    title: 'Suggested Billionetts',
    list: 'friendSuggestions',
    request: (_me, pageNo) => ({ kind: 'friendSuggestions', pageNo }),
    empty: 'No Suggested Candidates',
    buttons: [
      { label: 'Request', kind: 'friendSuggestion.request', variant: 'filled' },
      { label: 'Later', kind: 'friendSuggestion.dismiss', variant: 'default' },
    ],
  },
} satisfies Record<string, PanelSpec>;

export type FriendPanelKind = keyof typeof PANELS;

function useCardRenderer(me: string, states: Map<string, FriendWriteState>, buttons: FriendButton[]) {
  const online = useOnline();
  return (person: PersonRow) => {
    const state = states.get(person.userCode);
    const mark = cardMark(state, buttons, online);
    return (
      <PersonCard
        person={person}
        href={suiteHref(person.userCode)}
        status={mark.badge}
        busy={mark.busy}
        footer={<FriendActions me={me} person={person} state={state} buttons={buttons} online={online} />}
      />
    );
  };
}

export function FriendPanel({ panel, me, reloadKey, states, bare }: FriendPanelProps & { panel: FriendPanelKind }) {
  const spec = PANELS[panel];
  const render = useCardRenderer(me, states, spec.buttons);
  return (
    <ListPanel
      me={me}
      title={spec.title}
      kind={spec.list}
      owner={me}
      request={(pageNo) => spec.request(me, pageNo)}
      empty={spec.empty}
      reloadKey={reloadKey}
      renderCard={render}
      bare={bare}
    />
  );
}
