/**
 * Says when telex cannot deliver live: the server's link between its processes is down
 * (its Redis is away). Sends are still stored and acknowledged; what others send arrives
 * when the link is back. The live region is always there, so the change is announced.
 */
import { Box, Group, Loader, Paper, Text } from '@mantine/core';
import { useTelexLink } from '../queries';

export function LinkStatus({ me }: { me: string }) {
  const down = useTelexLink(me) === 'down';
  return (
    <Box role="status">
      {down && (
        <Paper radius="md" px="sm" py="xs" mb="sm" bg="var(--mantine-color-yellow-light)">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" color="yellow" aria-hidden />
            <Text size="sm">
              Reconnecting… messages will arrive when the connection is back.
            </Text>
          </Group>
        </Paper>
      )}
    </Box>
  );
}
