/** The feed's error page (spec §2.5, §8): 'ERROR {status}' and 'Something went wrong!' (status defaults to 500). */
import { Paper, Text, Title } from '@mantine/core';

export function FeedError({ status }: { status: number | undefined }) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center" role="alert">
      <Title order={2}>ERROR {status || 500}</Title>
      <Text c="dimmed" mt="xs">
        Something went wrong!
      </Text>
    </Paper>
  );
}
