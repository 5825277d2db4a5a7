/**
 * A new member's home before their feed has anything in it (docs/decisions/0032-first-home.md): instead of an empty 'No data' box, what fills a feed — billionetts
 * to request (the Suggested Billionetts of the connections page and the crown), circles and
 * slates to follow (their Suggestion panels), and their own first entry (the composer). The
 * shell composes these areas; each panel is the one those screens use, reading Dexie and
 * writing through the outbox, so it works offline as they do.
 */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { FriendPanel } from '../billionetts/components/friend-panels';
import { useFriendWatch } from '../billionetts/hooks/use-friend-watch';
import { OriginSuggestions } from '../circles/components/origin-suggestions';
import { IconEdit } from '../ui/icons';

/** Not in spec: its words are ours (docs/decisions/0032-first-home.md). */
export const FIRST_STEPS = {
  title: 'Welcome to Billionett',
  text: 'Your feed shows the entries of your billionetts and of the circles and slates you follow. Start with a few of them below, or write your first entry.',
  compose: 'Write your first entry',
} as const;

export function FirstSteps({ me, onCompose }: { me: string; onCompose: () => void }) {
  const { reloadKey, states } = useFriendWatch(me);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="first-steps-title">
        <Title order={2} size="h4" id="first-steps-title" mb={4}>
          {FIRST_STEPS.title}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {FIRST_STEPS.text}
        </Text>
        <Button leftSection={<IconEdit size={16} />} onClick={onCompose}>
          {FIRST_STEPS.compose}
        </Button>
      </Paper>
      <FriendPanel panel="suggestions" me={me} reloadKey={reloadKey} states={states} />
      <OriginSuggestions me={me} kind="circle" />
      <OriginSuggestions me={me} kind="slate" />
    </Stack>
  );
}
