/**
 * The about box (spec §2.7): the text on one line with 'Read more', the edit
 * button, and the delivery state of the last edit (pending, or failed with the
 * server's message and Retry / Discard).
 */
import { ActionIcon, Badge, Group, Paper, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit } from '../../ui/icons';
import { SyncMark } from '../../ui/sync-mark';
import { discardWrite, retryWrite } from '../commands';
import { useAboutDraft, useWriteState } from '../queries';
import { AboutEditor } from './about-editor';
import { ClampedText } from './clamped-text';

export function AboutBox({ me, about }: { me: string; about: string }) {
  const [editing, editor] = useDisclosure(false);
  const state = useWriteState(me, 'about.update');
  const draft = useAboutDraft(me);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="about-title">
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Group gap="xs">
          <Title order={2} size="h5" id="about-title">
            About
          </Title>
          {typeof draft === 'string' && !editing && (
            <Badge variant="dot" color="gray" size="sm">
              unsaved draft
            </Badge>
          )}
        </Group>
        <Tooltip label="Edit about">
          <ActionIcon variant="subtle" aria-label="Edit about" onClick={editor.open}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {about ? (
        // Keyed by the text: a new text starts collapsed and is measured afresh.
        <ClampedText key={about} text={about} />
      ) : (
        <Text size="sm" c="dimmed">
          Tell other members about yourself.
        </Text>
      )}
      {state && (
        <div style={{ marginTop: 8 }}>
          <SyncMark state={state} what="About" onRetry={retryWrite} onDiscard={discardWrite} />
        </div>
      )}
      {editing && draft !== null && (
        <AboutEditor me={me} initial={draft ?? about} opened={editing} onClose={editor.close} />
      )}
    </Paper>
  );
}
