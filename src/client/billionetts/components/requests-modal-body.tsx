/**
 * The crown icon's modal content (spec §2.3): Billionett Requests (Accept / Reject)
 * and Suggested Billionetts (Request / Later), the same panels as the connections page.
 */
import { Tabs } from '@mantine/core';
import { useFriendWatch } from '../hooks/use-friend-watch';
import { FriendPanel } from './friend-panels';

export function RequestsModalBody({ me }: { me: string }) {
  const { reloadKey, states } = useFriendWatch(me);
  const shared = { me, reloadKey, states, bare: true };
  return (
    <Tabs defaultValue="requests" keepMounted={false}>
      <Tabs.List grow>
        <Tabs.Tab value="requests">Billionett Requests</Tabs.Tab>
        <Tabs.Tab value="suggested">Suggested Billionetts</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="requests" pt="md">
        <FriendPanel panel="requests" {...shared} />
      </Tabs.Panel>
      <Tabs.Panel value="suggested" pt="md">
        <FriendPanel panel="suggestions" {...shared} />
      </Tabs.Panel>
    </Tabs>
  );
}
