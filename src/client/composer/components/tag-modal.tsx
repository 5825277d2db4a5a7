/**
 * Friend tagging (spec §2.6): search my billionetts (the mirrored `friends` pages in
 * Dexie, so it works offline), the selected tags as removable pills, Done. The search
 * narrows from 2 characters (spec §5 "Search").
 */
import { Button, Checkbox, Group, Modal, Pill, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { pullFriends } from '../commands';
import type { Tag } from '../form';
import { useMyBillionetts } from '../queries';
import { useReturnFocus } from '../../ui/use-return-focus';

export type TagModalProps = { me: string; opened: boolean; tags: Tag[]; onDone: (tags: Tag[]) => void; onClose: () => void };

export function TagModal({ me, opened, tags, onDone, onClose }: TagModalProps) {
  useReturnFocus();
  const people = useMyBillionetts(me);
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Tag[]>(tags);
  // Refresh my billionetts from the server when online; the list shows what Dexie has meanwhile.
  useEffect(() => {
    if (opened) void pullFriends(me);
  }, [opened, me]);
  const needle = q.trim().toLowerCase();
  const shown = (people ?? []).filter((p) => needle.length < 2 || p.displayName.toLowerCase().includes(needle));
  const toggle = (tag: Tag) =>
    setChosen((old) => (old.some((t) => t.userCode === tag.userCode) ? old.filter((t) => t.userCode !== tag.userCode) : [...old, tag]));
  return (
    <Modal opened={opened} onClose={onClose} title="Tag billionetts" size={350} centered>
      <Stack gap="sm">
        <TextInput placeholder="Search" value={q} onChange={(e) => setQ(e.currentTarget.value)} aria-label="Search billionetts" />
        {chosen.length > 0 && (
          <Pill.Group>
            {chosen.map((t) => (
              <Pill key={t.userCode} withRemoveButton onRemove={() => toggle(t)}>
                {t.displayName}
              </Pill>
            ))}
          </Pill.Group>
        )}
        <ScrollArea.Autosize mah={240}>
          <Stack gap={6}>
            {shown.map((p) => (
              <Checkbox
                key={p.userCode}
                label={p.displayName}
                checked={chosen.some((t) => t.userCode === p.userCode)}
                onChange={() => toggle({ userCode: p.userCode, displayName: p.displayName })}
              />
            ))}
            {people && shown.length === 0 && (
              <Text size="sm" c="dimmed">
                No Billionetts found...
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button onClick={() => onDone(chosen)}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
