/**
 * The crown icon's modal (spec §2.3): Billionett Requests plus Suggested Billionetts,
 * with Accept / Reject and Request / Later. The lists are the billionetts area's; the
 * shell only frames them (areas never import each other, the shell composes them).
 */
import { Modal } from '@mantine/core';
import { RequestsModalBody } from '../../billionetts/components/requests-modal-body';

export function RequestsModal({ me, opened, onClose }: { me: string; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Billionetts" size="xl" centered>
      {/* Mounted only while open: its pulls run when the member looks, not on every page. */}
      {opened && <RequestsModalBody me={me} />}
    </Modal>
  );
}
