/**
 * The crown icon's modal (spec §2.3): Billionett Requests and Suggested Billionetts.
 * The lists come with the billionetts issue; until then each tab shows the spec's
 * empty state (§2.14).
 */
import { Modal, Tabs } from '@mantine/core';
import { EmptyState } from '../../ui/empty-state';
import { IconCrown } from '../../ui/icons';

export function RequestsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Billionetts" size="lg" centered>
      <Tabs defaultValue="requests">
        <Tabs.List grow>
          <Tabs.Tab value="requests">Billionett Requests</Tabs.Tab>
          <Tabs.Tab value="suggested">Suggested Billionetts</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="requests" pt="md">
          <EmptyState title="Not yet Requested" icon={<IconCrown size={28} />} />
        </Tabs.Panel>
        <Tabs.Panel value="suggested" pt="md">
          <EmptyState title="No Suggested Candidates" icon={<IconCrown size={28} />} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
