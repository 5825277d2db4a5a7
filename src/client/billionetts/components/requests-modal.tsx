/**
 * The crown icon's modal (spec §2.3): Billionett Requests plus Suggested Billionetts,
 * with Accept / Reject and Request / Later. The shell's header opens it: the shell
 * composes areas, an area never imports the shell or another area.
 */
import { Modal } from '@mantine/core';
import { RequestsModalBody } from './requests-modal-body';

export function RequestsModal({ me, opened, onClose }: { me: string; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Billionetts" size="xl" centered>
      {/* Mounted only while open: its pulls run when the member looks, not on every page. */}
      {opened && <RequestsModalBody me={me} />}
    </Modal>
  );
}
