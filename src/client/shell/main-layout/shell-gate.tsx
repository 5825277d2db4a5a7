/**
 * Content shows only when every shell row is in Dexie (spec §2.2). Until then: a
 * skeleton while reading or pulling; offline with nothing cached, a plain message
 * (the `online` event pulls again by itself); any other failure, its message and Retry.
 *
 * The pull's state is the gate's own, not the layout's: its answer arrives after the screen
 * is up (the network), and held by the main layout it re-rendered the header and the whole
 * shell for a state nothing there shows once the rows are cached (issue 32: home's blocking
 * time). Here it re-renders the gate alone, and the page below keeps its element.
 */
import { Alert, Button, Center, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconAlert, IconCloudOff } from '../../ui/icons';
import { isReady, type ReadyShellData, type ShellData } from '../queries';
import { useShellPull } from './use-shell-pull';

export type ShellGateProps = {
  data: ShellData | undefined;
  online: boolean;
  children: (data: ReadyShellData) => ReactNode;
};

export function ShellGate({ data, online, children }: ShellGateProps) {
  const pull = useShellPull();
  if (isReady(data)) return children(data);
  if (data === undefined || pull.pulling) return <ShellSkeleton />;
  if (!online || pull.result?.offline) {
    return (
      <Center mih="60vh">
        <Stack align="center" gap="xs" maw={420} ta="center" role="status">
          <IconCloudOff size={48} />
          <Title order={2} size="h3">
            You are offline and nothing is cached yet
          </Title>
          <Text c="dimmed">Your suite loads as soon as this device is back online.</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="60vh">
      <Alert color="red" icon={<IconAlert />} title="Your suite could not be loaded" maw={480}>
        <Text size="sm">{pull.result?.message || 'Some of your data did not arrive.'}</Text>
        <Button mt="sm" size="sm" variant="light" onClick={pull.retry}>
          Retry
        </Button>
      </Alert>
    </Center>
  );
}

function ShellSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton height={120} radius="md" />
      <Skeleton height={20} width="40%" />
      <Skeleton height={14} width="70%" />
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}
