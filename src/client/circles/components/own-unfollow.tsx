/**
 * A follower's own card on the slate's followers page (spec §2.10 "a slate follower card
 * offers Unfollow and Cancel"): Unfollow, confirmed (Yes / Cancel). It is the member's own
 * queued write (slate.unfollow, the same as the picture card's), so it shows pending
 * offline and a refusal with Retry / Discard, from the member's own outbox target.
 */
import { mineTarget, useWriteStates } from '../list-queries';
import type { GroupView } from '../queries';
import { OriginActions, originMark, type OriginButton } from './origin-actions';
import { useOnline } from '../../ui/use-online';

const UNFOLLOW: OriginButton[] = [
  {
    label: 'Unfollow',
    kind: 'slate.unfollow',
    variant: 'default',
    color: 'red',
    // Not in spec: its words; the buttons are the spec's (Unfollow, Cancel).
    confirm: { message: (name) => `Unfollow "${name}"? Its entries will no longer reach you.`, no: 'Cancel' },
  },
];

export function OwnUnfollow({ me, view }: { me: string; view: GroupView }) {
  const online = useOnline();
  const state = useWriteStates(me, mineTarget('slate', me), 'pageCode')?.get(view.code);
  const mark = originMark(state, UNFOLLOW, online);
  return (
    <>
      {mark.badge}
      <OriginActions me={me} view={view} state={state} buttons={UNFOLLOW} online={online} />
    </>
  );
}
