/**
 * /suite/billionetts (spec §2.9): the member's own connections in five panels — My
 * Billionetts, Billionett Requests, Requested by me, Suggested Billionetts and
 * Reference Candidates. Everything reads from Dexie, so the lists show offline too.
 */
import { Stack } from '@mantine/core';
import { useFriendWatch } from '../hooks/use-friend-watch';
import { FriendPanel } from './friend-panels';
import { ReferencesPanel } from './references-panel';

export function BillionettsScreen({ me }: { me: string }) {
  const { reloadKey, states } = useFriendWatch(me);
  const shared = { me, reloadKey, states };
  return (
    <Stack gap="md">
      <FriendPanel panel="friends" {...shared} />
      <FriendPanel panel="requests" {...shared} />
      <FriendPanel panel="requested" {...shared} />
      <FriendPanel panel="suggestions" {...shared} />
      <ReferencesPanel me={me} />
    </Stack>
  );
}
