/** A poll (spec §3 Poll details): options with vote bars; choosing one votes (queued 'poll.vote'). */
import { Button, Progress, Stack, Text } from '@mantine/core';
import type { PollingDetails } from '../../../contract/entries';

export function PostPoll({ poll, onVote }: { poll: PollingDetails; onVote: (option: 1 | 2 | 3) => void }) {
  const options = ([1, 2, 3] as const)
    .map((n) => ({ n, option: poll.pollingOptions[`option${n}`] }))
    .filter((o): o is { n: 1 | 2 | 3; option: { text: string; votes: number } } => o.option !== null && o.option !== undefined);
  const total = options.reduce((sum, o) => sum + o.option.votes, 0);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {poll.pollingQuestion}
      </Text>
      {options.map(({ n, option }) => {
        const share = total ? Math.round((option.votes / total) * 100) : 0;
        const mine = poll.currentUserOption === n;
        return (
          <div key={n}>
            <Button
              variant={mine ? 'light' : 'default'}
              size="compact-sm"
              fullWidth
              justify="space-between"
              aria-pressed={mine}
              onClick={() => onVote(n)}
              rightSection={<Text size="xs">{`${option.votes} · ${share}%`}</Text>}
            >
              {option.text}
            </Button>
            <Progress value={share} size="xs" mt={2} aria-label={`${option.text}: ${share}%`} />
          </div>
        );
      })}
    </Stack>
  );
}
