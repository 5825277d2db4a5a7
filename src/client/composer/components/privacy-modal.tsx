/** The privacy modal (spec §4): radio options from the privacies master; Confirm applies the choice. */
import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { usePrivacies } from '../queries';

export type PrivacyModalProps = { me: string; opened: boolean; value: number; onConfirm: (code: number) => void; onClose: () => void };

export function PrivacyModal({ me, opened, value, onConfirm, onClose }: PrivacyModalProps) {
  const privacies = usePrivacies(me);
  const [chosen, setChosen] = useState(String(value));
  return (
    <Modal opened={opened} onClose={onClose} title="Privacy" size={350} centered>
      <Radio.Group value={chosen} onChange={setChosen}>
        <Stack gap="xs">
          {(privacies ?? []).map((p) => (
            <Radio key={p.privacyCode} value={String(p.privacyCode)} label={p.privacyName} />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => onConfirm(Number(chosen))}>Confirm</Button>
      </Group>
    </Modal>
  );
}
