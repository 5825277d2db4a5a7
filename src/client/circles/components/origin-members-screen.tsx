/**
 * /circle/{groupCode}/members and /slate/{pageCode}/followers (spec §2.10, §4, §6): the
 * members (followers) for whoever may see them (106 shows the privacy picture), and for
 * the owner the members chart, the asks (Accept, Later, Close), the invited members
 * (Cancel) and Remove on every member but the owner (confirmed: Yes / Cancel). A follower
 * finds Unfollow on their own card. Every answer is a queued write: it shows at once,
 * pending offline, sent exactly once; the lists reload when it settles (useWriteWatch).
 * 'Close' on an ask puts it aside on this device for this session, answering nothing:
 * the owner decides later, the asker is not told no, and the ask stays on the server
 * (and in the chart's count of asks).
 */
import { Button, Stack } from '@mantine/core';
import type { PersonRow } from '../../store/db';
import type { OriginKind } from '../../store/origin-lists';
import { useSessionHidden } from '../../ui/use-session-hidden';
import { mineTarget, ownerTarget, useWriteStates } from '../list-queries';
import { useGroup } from '../queries';
import { useWriteWatch } from '../../ui/use-write-watch';
import { MembersChart } from './members-chart';
import { OwnUnfollow } from './own-unfollow';
import { PeoplePanel, type PeopleButton } from './people-panel';

const REMOVE: Record<OriginKind, PeopleButton[]> = {
  circle: [
    {
      label: 'Remove',
      kind: 'circle.memberRemove',
      variant: 'default',
      color: 'red',
      // Not in spec: the question's words; its buttons follow §2.10 ("Remove and Cancel").
      confirm: { message: (name) => `Are you sure you want to remove "${name}" from the circle?`, no: 'Cancel' },
    },
  ],
  slate: [
    {
      label: 'Remove',
      kind: 'slate.followerRemove',
      variant: 'default',
      color: 'red',
      confirm: { message: (name) => `Are you sure you want to remove "${name}" from the followers?`, no: 'Cancel' },
    },
  ],
};

/** 'Later' is the spec's reject (§2.10 "Accept, Later (reject) and Close"). */
const ANSWER: Record<OriginKind, PeopleButton[]> = {
  circle: [
    { label: 'Accept', kind: 'circle.requestAccept', variant: 'filled' },
    { label: 'Later', kind: 'circle.requestReject', variant: 'default' },
  ],
  slate: [
    { label: 'Accept', kind: 'slate.requestAccept', variant: 'filled' },
    { label: 'Later', kind: 'slate.requestReject', variant: 'default' },
  ],
};

const CANCEL_INVITE: PeopleButton[] = [{ label: 'Cancel', kind: 'circle.cancelInvite', variant: 'default' }];

const WORDS = {
  circle: { members: 'Members', requests: 'Member Requests' },
  slate: { members: 'Followers', requests: 'Follower Requests' },
} as const;

export function OriginMembersScreen({ me, kind, code }: { me: string; kind: OriginKind; code: string }) {
  const view = useGroup(me, kind, code)?.view;
  const owner = view?.standing === 'owner';
  const target = ownerTarget(kind, code);
  // The owner's writes, and the member's own (a follower's Unfollow), both reload the lists.
  const reloadKey = useWriteWatch(me, target) + useWriteWatch(me, mineTarget(kind, me));
  const states = useWriteStates(me, target, 'memberCode');
  const [closed, close] = useSessionHidden(me, `${kind}.requests:${code}`);
  const shared = { me, origin: kind, code, reloadKey, states };

  const memberButtons = (person: PersonRow) => (owner && person.userCode !== me ? REMOVE[kind] : []);
  const ownCard = (person: PersonRow) =>
    kind === 'slate' && view?.standing === 'following' && person.userCode === me ? <OwnUnfollow me={me} view={view} /> : null;
  const closeButton = (person: PersonRow) => (
    <Button
      size="compact-sm"
      variant="subtle"
      // While its answer runs (or waits, refused, for Retry / Discard) the card stays.
      disabled={states?.has(person.userCode)}
      onClick={() => close(person.userCode)}
      aria-label={`Close ${person.displayName}`}
    >
      Close
    </Button>
  );

  return (
    <Stack gap="md">
      {owner && <MembersChart me={me} kind={kind} code={code} reloadKey={reloadKey} />}
      <PeoplePanel {...shared} list="members" title={WORDS[kind].members} empty="No data" buttonsFor={memberButtons} extra={ownCard} />
      {owner && (
        <PeoplePanel {...shared} list="requests" title={WORDS[kind].requests} empty="No data" buttonsFor={() => ANSWER[kind]} skip={closed} extra={closeButton} />
      )}
      {owner && kind === 'circle' && (
        <PeoplePanel {...shared} list="invited" title="Invited Members" empty="No data" buttonsFor={() => CANCEL_INVITE} />
      )}
    </Stack>
  );
}
