/**
 * The circle suite's 'Invite Friends' panel (spec §2.4, §4: "Invite row: Invite and Later
 * each show loading and disable the other; on success the row is removed and the total
 * decreases; on failure an error message shows"), for its owner: their billionetts not yet
 * in the circle, 6 a page.
 * - Invite is a queued write: the row moves to Invited Members at once (the applier), so it
 *   leaves this list and the total drops; online the button spins and Later waits; offline
 *   nothing spins forever — the row is already gone, and Invited Members marks it pending;
 *   a refusal comes back as a toast (useWriteWatch) and the row returns after the reload.
 * - Later hides the row on this device for this session (ui/use-session-hidden.ts) and
 *   tells nobody: there is no call for it, the friend is not told no, and the owner may
 *   still invite them another day. It is instant, so it needs no loading of its own.
 */
import { Button } from '@mantine/core';
import { INVITE_PAGE_SIZE } from '../../../contract/circle-admin';
import type { PersonRow } from '../../store/db';
import { useSessionHidden } from '../../ui/use-session-hidden';
import { ownerTarget, useWriteStates } from '../list-queries';
import { useWriteWatch } from '../../ui/use-write-watch';
import { PeoplePanel, type PeopleButton } from './people-panel';

const INVITE: PeopleButton[] = [{ label: 'Invite', kind: 'circle.sendInvite', variant: 'filled' }];

export function InviteFriendsPanel({ me, groupCode }: { me: string; groupCode: string }) {
  const target = ownerTarget('circle', groupCode);
  const reloadKey = useWriteWatch(me, target);
  const states = useWriteStates(me, target, 'memberCode');
  const [later, hide] = useSessionHidden(me, `circle.inviteFriends:${groupCode}`);
  const laterButton = (person: PersonRow) => (
    <Button
      size="compact-sm"
      variant="default"
      // While its Invite runs (or waits, refused, for Retry / Discard) the row stays as it is.
      disabled={states?.has(person.userCode)}
      onClick={() => hide(person.userCode)}
      aria-label={`Later ${person.displayName}`}
    >
      Later
    </Button>
  );
  return (
    <PeoplePanel
      me={me}
      origin="circle"
      code={groupCode}
      list="inviteFriends"
      title="Invite Friends"
      empty="No data"
      reloadKey={reloadKey}
      states={states}
      pageSize={INVITE_PAGE_SIZE}
      buttonsFor={() => INVITE}
      skip={later}
      extra={laterButton}
      layout="rows"
    />
  );
}
