/**
 * How an optimistic row shows its delivery (DESIGN.md "Writes and the outbox"):
 * a quiet 'pending' badge while the outbox holds it, and — when the server
 * refused it — the server's message with Retry and Discard, never hidden.
 */
import { Alert, Badge, Text } from '@mantine/core';
import { IconAlert, IconClock } from './icons';
import { RetryDiscard } from './retry-discard';

export type SyncMarkState = { status: 'pending' } | { status: 'failed'; message: string; id: string };

export type SyncMarkProps = {
  state: SyncMarkState | undefined;
  /** What the change is, for screen readers and the failure title ('About', 'Personal details'). */
  what: string;
  onRetry: (id: string) => Promise<void> | void;
  onDiscard: (id: string) => Promise<void> | void;
};

export function PendingBadge({ what }: { what: string }) {
  return (
    <Badge
      variant="light"
      color="gold"
      size="sm"
      leftSection={<IconClock size={12} />}
      aria-label={`${what}: pending, not yet sent`}
    >
      pending
    </Badge>
  );
}

export function SyncMark({ state, what, onRetry, onDiscard }: SyncMarkProps) {
  if (!state) return null;
  if (state.status === 'pending') return <PendingBadge what={what} />;
  return (
    <Alert color="red" variant="light" icon={<IconAlert size={18} />} title={`${what}: failed`} role="alert" p="sm">
      <Text size="sm">{state.message}</Text>
      <RetryDiscard onRetry={() => onRetry(state.id)} onDiscard={() => onDiscard(state.id)} />
    </Alert>
  );
}
