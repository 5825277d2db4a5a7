/**
 * The emotion dialog (spec §2.6, §4): tab 1 Feeling ('How are you feeling?') or 2
 * Activities ('What are you doing?'); switching tabs clears the search. The list is
 * the emojis master from Dexie. Choosing one sets it and closes the dialog.
 */
import { Modal, ScrollArea, SimpleGrid, Tabs, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { Emotion } from '../form';
import { useEmojis } from '../queries';
import { useReturnFocus } from '../../ui/use-return-focus';

export type EmotionTab = 'feeling' | 'activity';
export type EmotionModalProps = { me: string; opened: boolean; tab: EmotionTab; onPick: (e: Emotion) => void; onClose: () => void };

export function EmotionModal({ me, opened, tab: initial, onPick, onClose }: EmotionModalProps) {
  useReturnFocus();
  const emojis = useEmojis(me);
  const [tab, setTab] = useState<EmotionTab>(initial);
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  const rows = (emojis ?? []).filter((e) => e.emojiType === tab && e.emojiName.toLowerCase().includes(needle));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={tab === 'feeling' ? 'How are you feeling?' : 'What are you doing?'}
      size={350}
      centered
    >
      <Tabs
        value={tab}
        onChange={(value) => {
          setTab(value === 'activity' ? 'activity' : 'feeling');
          setQ('');
        }}
      >
        <Tabs.List grow>
          <Tabs.Tab value="feeling">Feeling</Tabs.Tab>
          <Tabs.Tab value="activity">Activities</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <TextInput mt="sm" placeholder="Search" value={q} onChange={(e) => setQ(e.currentTarget.value)} aria-label="Search" />
      <ScrollArea.Autosize mah={260} mt="sm">
        <SimpleGrid cols={2} spacing={4}>
          {rows.map((e) => (
            <UnstyledButton key={e.emojiCode} onClick={() => onPick(e)} p={6} style={{ borderRadius: 6 }}>
              <Text size="sm">
                {e.emojiDisplay} {e.emojiName}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        {emojis && rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No data
          </Text>
        )}
      </ScrollArea.Autosize>
    </Modal>
  );
}
