/**
 * The live Preview pane (spec §2.6): who posts, feeling/activity, tags (at most 2 names
 * then '+N others'), place and period, poll, and the text truncated to 2 lines.
 */
import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ProfileRow } from '../../store/db';
import { tagSummary, type ComposerForm } from '../form';

export function ComposerPreview({ form, profile }: { form: ComposerForm; profile?: ProfileRow }) {
  const emotion = form.feeling
    ? `is feeling ${form.feeling.emojiDisplay} ${form.feeling.emojiName}`
    : form.activity
      ? `is ${form.activity.emojiDisplay} ${form.activity.emojiName}`
      : '';
  const tags = tagSummary(form.tags);
  const place = form.from ? `at ${form.from.place}${form.to ? ` → ${form.to.place}` : ''}` : '';
  return (
    <Paper withBorder p="sm" radius="md" aria-label="Preview">
      <Text size="xs" c="dimmed" fw={600} mb={4}>
        Preview
      </Text>
      <Stack gap={4}>
        <Group gap={4}>
          <Text size="sm" fw={700}>
            {profile?.displayName ?? ''}
          </Text>
          {emotion && <Text size="sm">{emotion}</Text>}
          {tags && <Text size="sm">with {tags}</Text>}
          {place && (
            <Text size="sm" c="dimmed">
              {place}
            </Text>
          )}
        </Group>
        {form.start && (
          <Text size="xs" c="dimmed">
            {form.start}
            {form.end ? ` – ${form.end}` : ''}
          </Text>
        )}
        {form.poll && (
          <Text size="sm" fw={600}>
            {form.poll.question} ({form.poll.options.filter((o) => o.trim()).join(' / ')})
          </Text>
        )}
        <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
          {form.description}
        </Text>
      </Stack>
    </Paper>
  );
}
