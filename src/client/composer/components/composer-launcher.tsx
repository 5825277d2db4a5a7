/**
 * The 'Create entry' box at the top of the home feed and the own suite feed (spec §2.6):
 * a click opens the composer drawer. `open` lets a route open it (the PWA shortcut
 * '/?compose=entry'); `onOpenChange` tells the route when it closes.
 */
import { Paper, UnstyledButton, Text } from '@mantine/core';
import { useState } from 'react';
import type { ComposerTarget } from '../form';
import { lazyDialog } from '../../ui/lazy-dialog';

// The composer's code (its modals, the place map) loads when it is reached for, not with the feed.
const ComposerDrawer = lazyDialog(() => import('./composer-drawer').then((m) => m.ComposerDrawer));

export type ComposerLauncherProps = {
  me: string;
  target?: ComposerTarget;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A share from another app (sw/share-target.ts) to open the composer with. */
  share?: string;
  onShareTaken?: () => void;
};

export function ComposerLauncher({ me, target = { kind: 'own' }, open, onOpenChange, share, onShareTaken }: ComposerLauncherProps) {
  const [local, setLocal] = useState(false);
  const opened = open ?? local;
  const set = (value: boolean) => {
    setLocal(value);
    onOpenChange?.(value);
  };
  return (
    <>
      <Paper withBorder radius="md" p="sm" mb="md">
        <UnstyledButton
          w="100%"
          onClick={() => set(true)}
          onPointerEnter={ComposerDrawer.preload}
          onFocus={ComposerDrawer.preload}
          aria-label="Create entry"
        >
          <Text c="dimmed">Create entry</Text>
        </UnstyledButton>
      </Paper>
      <ComposerDrawer me={me} target={target} opened={opened} onClose={() => set(false)} share={share} onShareTaken={onShareTaken} />
    </>
  );
}
