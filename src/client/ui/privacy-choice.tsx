/**
 * The privacy modals' body (spec §4): one radio per privacy of the master list, then
 * Cancel and the confirm button. The composer's modal and an entry's menu differ only
 * in the modal around it and the confirm button's words.
 */
import { Button, Group, Radio, Stack } from '@mantine/core';
import type { Privacy } from '../../contract/masters';

export type PrivacyChoiceProps = {
  privacies: Privacy[];
  /** The chosen privacyCode, as the radio value. */
  value: string;
  onChange: (value: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: string;
};

export function PrivacyChoice({ privacies, value, onChange, onCancel, onConfirm, confirmLabel }: PrivacyChoiceProps) {
  return (
    <>
      <Radio.Group value={value} onChange={onChange}>
        <Stack gap="xs">
          {privacies.map((p) => (
            <Radio key={p.privacyCode} value={String(p.privacyCode)} label={p.privacyName} />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm}>{confirmLabel}</Button>
      </Group>
    </>
  );
}
