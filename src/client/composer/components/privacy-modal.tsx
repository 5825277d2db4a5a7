/** The privacy modal (spec §4): radio options from the privacies master; Confirm applies the choice. */
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { PrivacyChoice } from '../../ui/privacy-choice';
import { usePrivacies } from '../queries';
import { useReturnFocus } from '../../ui/use-return-focus';

export type PrivacyModalProps = { me: string; opened: boolean; value: number; onConfirm: (code: number) => void; onClose: () => void };

export function PrivacyModal({ me, opened, value, onConfirm, onClose }: PrivacyModalProps) {
  useReturnFocus();
  const privacies = usePrivacies(me);
  const [chosen, setChosen] = useState(String(value));
  return (
    <Modal opened={opened} onClose={onClose} title="Privacy" size={350} centered>
      <PrivacyChoice
        privacies={privacies ?? []}
        value={chosen}
        onChange={setChosen}
        onCancel={onClose}
        onConfirm={() => onConfirm(Number(chosen))}
        confirmLabel="Confirm"
      />
    </Modal>
  );
}
