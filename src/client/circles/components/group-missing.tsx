/**
 * A circle or slate that cannot be shown: 404 (missing or not readable by this member;
 * the server never says which, so neither do we) or, offline, one never opened here.
 */
import { Paper, Text, Title } from '@mantine/core';
import { CIRCLE_MESSAGES } from '../../../contract/circles';
import type { GroupKind } from '../queries';

export function GroupMissing({ kind, status }: { kind: GroupKind; status: number }) {
  const name = kind === 'circle' ? 'circle' : 'slate';
  if (status === 404)
    return (
      <Paper withBorder radius="md" p="xl" ta="center" role="alert">
        <Title order={1} size="h3">
          Page not found
        </Title>
        <Text c="dimmed" mt="xs">
          {kind === 'circle' ? CIRCLE_MESSAGES.circleNotFound : CIRCLE_MESSAGES.slateNotFound}
        </Text>
      </Paper>
    );
  if (status === 0)
    return (
      <Paper withBorder radius="md" p="xl" ta="center" role="alert">
        {/* Not in spec: the spec gives no words for a suite never opened on this device while offline. */}
        <Text c="dimmed">{`This ${name} has not been opened on this device yet. It shows once you are online.`}</Text>
      </Paper>
    );
  // The spec's error page (§2.5, §8).
  return (
    <Paper withBorder radius="md" p="xl" ta="center" role="alert">
      <Title order={2}>ERROR {status}</Title>
      <Text c="dimmed" mt="xs">
        Something went wrong!
      </Text>
    </Paper>
  );
}
