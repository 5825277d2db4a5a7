/** Retry / Discard for a write the server refused; each button shows its own progress. */
import { Button, Group, type MantineSize } from '@mantine/core';
import { useState } from 'react';

export type RetryDiscardProps = {
  onRetry: () => Promise<void> | void;
  onDiscard: () => Promise<void> | void;
  size?: MantineSize | 'compact-xs';
  mt?: number | MantineSize;
};

export function RetryDiscard({ onRetry, onDiscard, size = 'xs', mt = 'xs' }: RetryDiscardProps) {
  const [busy, setBusy] = useState<'retry' | 'discard' | null>(null);
  const run = async (which: 'retry' | 'discard') => {
    setBusy(which);
    try {
      await (which === 'retry' ? onRetry() : onDiscard());
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" mt={mt}>
      <Button size={size} variant="light" onClick={() => run('retry')} loading={busy === 'retry'} disabled={busy !== null}>
        Retry
      </Button>
      <Button
        size={size}
        variant="subtle"
        color="red"
        onClick={() => run('discard')}
        loading={busy === 'discard'}
        disabled={busy !== null}
      >
        Discard
      </Button>
    </Group>
  );
}
