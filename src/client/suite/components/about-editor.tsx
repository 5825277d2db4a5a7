/**
 * The about editor (spec §4: opens with the current text, closes on successful
 * save). Every keystroke is kept as a draft in Dexie, so a reload or a crash loses
 * nothing; Cancel throws the draft away, closing with × or Esc keeps it.
 */
import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ABOUT_MAX } from '../../../contract/user';
import { dropAboutDraft, keepAboutDraft, saveAbout } from '../commands';

export type AboutEditorProps = { me: string; initial: string; opened: boolean; onClose: () => void };

export function AboutEditor({ me, initial, opened, onClose }: AboutEditorProps) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = (value: string) => {
    setText(value);
    // Written at once, not debounced: IndexedDB orders transactions, so a late
    // draft write can never land after Save or Cancel removed the draft.
    void keepAboutDraft(me, value);
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await saveAbout(me, text.trim());
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not save the about text.');
    } finally {
      setSaving(false);
    }
  };

  const cancel = async () => {
    await dropAboutDraft(me);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Edit about" size="lg" centered>
      <Textarea
        label="About"
        data-autofocus
        autosize
        minRows={5}
        maxRows={14}
        maxLength={ABOUT_MAX}
        value={text}
        onChange={(event) => change(event.currentTarget.value)}
        description={`${text.length} / ${ABOUT_MAX}`}
        error={error}
      />
      <Text size="xs" c="dimmed" mt={6}>
        Saved on this device as you type; sent when you save, even if you are offline now.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={cancel} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={save} loading={saving}>
          Save
        </Button>
      </Group>
    </Modal>
  );
}
