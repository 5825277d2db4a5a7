/**
 * A circle or slate card's queued buttons for the member's own writes (Follow / Later,
 * Unfollow, Cancel, Accept): ui/queued-buttons.tsx with the circles' write and words.
 */
import type { CircleWriteKind } from '../../store/appliers/circles';
import type { OriginKind } from '../../store/origin-lists';
import { queuedMark, QueuedButtons, type QueuedButton } from '../../ui/queued-buttons';
import { discardWrite, originWrite, retryWrite } from '../commands';
import { mineTarget, useWriteStates, type WriteState } from '../list-queries';
import type { GroupView } from '../queries';
import { useOnline } from '../../ui/use-online';
import { useWriteWatch } from '../../ui/use-write-watch';
import { OriginCard } from './origin-card';

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

/**
 * What a list of the member's circles or slates needs to show their queued writes: whether
 * the device is online, a key that changes when one of those writes lands (to pull the
 * lists again), and each card's write state by its code.
 */
export function useOriginWrites(me: string, kind: OriginKind) {
  const online = useOnline();
  const reloadKey = useWriteWatch(me, mineTarget(kind, me));
  const states = useWriteStates(me, mineTarget(kind, me), kind === 'circle' ? 'groupCode' : 'pageCode');
  return { online, reloadKey, states };
}

/** A circle's or slate's card with its buttons, marked (and busy) while its write waits or after it failed. */
export function ActionedOriginCard({ me, view, state, buttons, online }: Omit<OriginActionsProps, 'justify'>) {
  const mark = originMark(state, buttons, online);
  return (
    <OriginCard
      view={view}
      status={mark.badge}
      busy={mark.busy}
      footer={<OriginActions me={me} view={view} state={state} buttons={buttons} online={online} />}
    />
  );
}
