/**
 * A yes/no question in a small modal (spec §5 "Removal confirmations"). The
 * confirm button shows a loader while `onConfirm` runs and the dialog stays open
 * until it settles, so a slow action cannot be confirmed twice.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
};

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, title, message, confirmLabel = 'Yes', cancelLabel = 'No', danger, onConfirm, onClose } = props;
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title={title} centered size="sm">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={confirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
