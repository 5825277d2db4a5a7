/**
 * A card's buttons for one connection list (Accept / Reject, Request / Later, Remove,
 * Unfriend): ui/queued-buttons.tsx with the billionetts' write — online the running
 * button spins, offline the card says 'pending', refused it shows the server's words
 * with Retry and Discard.
 */
import type { FriendWriteKind } from '../../store/appliers/friend-kinds';
import type { PersonRow } from '../../store/db';
import { queuedMark, QueuedButtons, type QueuedButton } from '../../ui/queued-buttons';
import { discardWrite, friendWrite, retryWrite } from '../commands';
import type { FriendWriteState } from '../queries';

export type FriendButton = QueuedButton<FriendWriteKind>;

/** The badge and dimming of a card from its write state. */
export const cardMark = (state: FriendWriteState | undefined, buttons: FriendButton[], online: boolean) => queuedMark(state, buttons, online, 'Billionett change');

export type FriendActionsProps = {
  me: string;
  person: PersonRow;
  state: FriendWriteState | undefined;
  buttons: FriendButton[];
  online: boolean;
};

export function FriendActions({ me, person, state, buttons, online }: FriendActionsProps) {
  return (
    <QueuedButtons
      name={person.displayName}
      state={state}
      buttons={buttons}
      online={online}
      act={(kind) => friendWrite(me, kind, person.userCode)}
      retry={retryWrite}
      discard={discardWrite}
    />
  );
}
