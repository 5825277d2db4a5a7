/**
 * What a member can do from a circle's or slate's picture card, by where they stand:
 * Follow (join, or ask to join when its owner lets members in), Cancel request, Unfollow,
 * or answer an invitation. Queued writes like the list buttons (origin-actions.tsx), so
 * they work offline and show pending / refused the same way. The owner gets none here.
 */
import { mineTarget, useWriteStates } from '../list-queries';
import type { GroupView } from '../queries';
import { OriginActions, originMark, type OriginButton } from './origin-actions';
import { useOnline } from '../../ui/use-online';

/** The buttons for where the member stands with a circle or slate (none for its owner). */
export const STANDING_BUTTONS: Record<string, OriginButton[]> = {
  'circle:none': [{ label: 'Follow', kind: 'circle.follow', variant: 'filled' }],
  'circle:requested': [{ label: 'Cancel request', kind: 'circle.unfollow', variant: 'default' }],
  'circle:invited': [
    { label: 'Accept invitation', kind: 'circle.inviteAccept', variant: 'filled' },
    { label: 'Later', kind: 'circle.inviteReject', variant: 'default' },
  ],
  'circle:member': [
    { label: 'Unfollow', kind: 'circle.unfollow', variant: 'default', color: 'red', confirm: { message: (name) => `Leave "${name}"? Its members-only entries will no longer reach you.` } },
  ],
  'slate:none': [{ label: 'Follow', kind: 'slate.follow', variant: 'filled' }],
  'slate:requested': [{ label: 'Cancel request', kind: 'slate.unfollow', variant: 'default' }],
  'slate:following': [{ label: 'Unfollow', kind: 'slate.unfollow', variant: 'default', color: 'red' }],
};

/** Words for where the member stands, on the picture card. */
export const STANDING: Record<string, string> = {
  'circle:requested': 'Asked to join: waiting for its owner',
  'circle:invited': 'You are invited',
  'circle:member': 'You are a member',
  'slate:requested': 'Asked to follow: waiting for its admin',
  'slate:following': 'You follow this slate',
};

export function StandingActions({ me, view }: { me: string; view: GroupView }) {
  const online = useOnline();
  const states = useWriteStates(me, mineTarget(view.kind, me), view.kind === 'circle' ? 'groupCode' : 'pageCode');
  const buttons = STANDING_BUTTONS[`${view.kind}:${view.standing}`];
  if (!buttons) return null;
  const state = states?.get(view.code);
  const mark = originMark(state, buttons, online);
  return (
    <div>
      {mark.badge}
      <OriginActions me={me} view={view} state={state} buttons={buttons} online={online} justify="flex-start" />
    </div>
  );
}
