/**
 * The four member-card panels of the own connections page and the crown modal
 * (spec §2.9, §2.3): each is a ListPanel with its list, its buttons and its empty text.
 */
import { useNetwork } from '@mantine/hooks';
import type { PersonRow } from '../../store/db';
import { PersonCard } from '../../ui/person-card';
import type { FriendWriteState } from '../queries';
import { cardMark, FriendActions, type FriendButton } from './friend-actions';
import { ListPanel } from './list-panel';

export const suiteHref = (userCode: string) => `/billionett/${encodeURIComponent(userCode)}/suite`;

export type FriendPanelProps = {
  me: string;
  reloadKey: number;
  states: Map<string, FriendWriteState>;
  /** Inside the crown modal: no frame of its own. */
  bare?: boolean;
};

const BUTTONS = {
  friends: [
    {
      label: 'Unfriend',
      kind: 'friend.unfriend',
      variant: 'default',
      color: 'red',
      // Not in spec: the spec asks to unfriend with a confirmation but gives no words.
      confirm: (name: string) => `Are you sure you want to unfriend "${name}"?`,
    },
  ],
  requests: [
    { label: 'Accept', kind: 'friendRequest.accept', variant: 'filled' },
    { label: 'Reject', kind: 'friendRequest.reject', variant: 'default' },
  ],
  requested: [{ label: 'Remove', kind: 'sentRequest.remove', variant: 'default' }],
  suggestions: [
    { label: 'Request', kind: 'friendSuggestion.request', variant: 'filled' },
    { label: 'Later', kind: 'friendSuggestion.dismiss', variant: 'default' },
  ],
} satisfies Record<string, FriendButton[]>;

function useCardRenderer(me: string, states: Map<string, FriendWriteState>, buttons: FriendButton[]) {
  const { online } = useNetwork();
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

export function MyBillionettsPanel({ me, reloadKey, states }: FriendPanelProps) {
  const render = useCardRenderer(me, states, BUTTONS.friends);
  return (
    <ListPanel
      me={me}
      title="My Billionetts"
      kind="friends"
      owner={me}
      request={(pageNo) => ({ kind: 'friends', userCode: me, pageNo })}
      empty="No Billionetts found..."
      reloadKey={reloadKey}
      renderCard={render}
    />
  );
}

export function RequestsPanel({ me, reloadKey, states, bare }: FriendPanelProps) {
  const render = useCardRenderer(me, states, BUTTONS.requests);
  return (
    <ListPanel
      me={me}
      title="Billionett Requests"
      kind="friendRequests"
      owner={me}
      request={(pageNo) => ({ kind: 'friendRequests', pageNo })}
      empty="No Billionett Candidates"
      reloadKey={reloadKey}
      renderCard={render}
      bare={bare}
    />
  );
}

export function RequestedPanel({ me, reloadKey, states }: FriendPanelProps) {
  const render = useCardRenderer(me, states, BUTTONS.requested);
  return (
    <ListPanel
      me={me}
      title="Requested by me"
      kind="requestFriends"
      owner={me}
      request={(pageNo) => ({ kind: 'requestFriends', pageNo })}
      empty="Not yet Requested"
      reloadKey={reloadKey}
      renderCard={render}
    />
  );
}

export function SuggestionsPanel({ me, reloadKey, states, bare }: FriendPanelProps) {
  const render = useCardRenderer(me, states, BUTTONS.suggestions);
  return (
    <ListPanel
      me={me}
      title="Suggested Billionetts"
      kind="friendSuggestions"
      owner={me}
      request={(pageNo) => ({ kind: 'friendSuggestions', pageNo })}
      empty="No Suggested Candidates"
      reloadKey={reloadKey}
      renderCard={render}
      bare={bare}
    />
  );
}
