/**
 * A circle or slate card's queued buttons for the member's own writes (Follow / Later,
 * Unfollow, Cancel, Accept): ui/queued-buttons.tsx with the circles' write and words.
 */
import type { CircleWriteKind } from '../../store/appliers/circles';
import { queuedMark, QueuedButtons, type QueuedButton } from '../../ui/queued-buttons';
import { discardWrite, originWrite, retryWrite } from '../commands';
import type { WriteState } from '../list-queries';
import type { GroupView } from '../queries';

export type OriginButton = QueuedButton<CircleWriteKind>;

export const originMark = (state: WriteState | undefined, buttons: OriginButton[], online: boolean) =>
  queuedMark(state, buttons, online, state?.kind.startsWith('circle') ? 'Circle change' : 'Slate change');

export type OriginActionsProps = { me: string; view: GroupView; state: WriteState | undefined; buttons: OriginButton[]; online: boolean; justify?: 'center' | 'flex-start' };

export function OriginActions({ me, view, state, buttons, online, justify }: OriginActionsProps) {
  return (
    <QueuedButtons
      name={view.name}
      state={state}
      buttons={buttons}
      online={online}
      act={(kind) => originWrite(me, kind, view.code)}
      retry={retryWrite}
      discard={discardWrite}
      justify={justify}
    />
  );
}
