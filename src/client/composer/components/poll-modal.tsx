/**
 * The poll (spec §2.6, §5 "Poll"): a question and 2 to 3 options, Ok. Ok shows the first
 * broken rule ('At least 2 options need!', 'Please enter option {n}') instead of closing.
 */
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { pollMessages, type Poll } from '../form';
import { useReturnFocus } from '../../ui/use-return-focus';

export type PollModalProps = { opened: boolean; poll: Poll | null; onOk: (poll: Poll) => void; onClose: () => void };

export function PollModal({ opened, poll, onOk, onClose }: PollModalProps) {
  useReturnFocus();
  // Mounted per opening (composer-drawer.tsx), so the state starts from the props.
  const [value, setValue] = useState<Poll>(poll ?? { question: '', options: ['', ''] });
  // After a refused Ok the message follows the edits: it changes or goes as options are filled.
  const [tried, setTried] = useState(false);
  const error = tried ? (pollMessages(value)[0] ?? null) : null;
  const setOption = (i: number, text: string) =>
    setValue((v) => ({ ...v, options: v.options.map((o, j) => (j === i ? text : o)) }));
  const ok = () => {
    if (pollMessages(value).length > 0) setTried(true);
    else onOk(value);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Poll" size={350} centered>
      <Stack gap="sm">
        <TextInput data-autofocus label="Question" value={value.question} onChange={(e) => setValue({ ...value, question: e.currentTarget.value })} />
        {value.options.map((option, i) => (
          <Group key={i} gap={6} wrap="nowrap">
            <TextInput style={{ flex: 1 }} aria-label={`Option ${i + 1}`} placeholder={`Option ${i + 1}`} value={option} onChange={(e) => setOption(i, e.currentTarget.value)} />
            {value.options.length > 2 && (
              <ActionIcon variant="subtle" aria-label={`Remove option ${i + 1}`} onClick={() => setValue({ ...value, options: value.options.filter((_, j) => j !== i) })}>
                ×
              </ActionIcon>
            )}
          </Group>
        ))}
        {value.options.length < 3 && (
          <Button variant="subtle" size="xs" onClick={() => setValue({ ...value, options: [...value.options, ''] })}>
            Add option
          </Button>
        )}
        {error && (
          <Text size="sm" c="red">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={ok}>Ok</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
