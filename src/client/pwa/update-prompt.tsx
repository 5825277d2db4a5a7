/**
 * "A new version of Billionett is ready": shown while a new service worker
 * waits (register.ts). Reload swaps to it; closing keeps the current version
 * until the next start. Needs only MantineProvider, not the Notifications system,
 * so it works on every layout including the auth screens.
 */
import { useState, useSyncExternalStore } from 'react';
import { Button, Group, Notification, Portal, Text } from '@mantine/core';
import { applyUpdate, dismissUpdate, isUpdateReady, subscribeUpdate } from './register';

export function UpdatePrompt() {
  const ready = useSyncExternalStore(subscribeUpdate, isUpdateReady, () => false);
  const [reloading, setReloading] = useState(false);
  if (!ready) return null;

  const reload = () => {
    setReloading(true);
    applyUpdate();
  };

  return (
    <Portal>
      <Notification
        role="status"
        aria-live="polite"
        color="gold"
        title="A new version of Billionett is ready"
        onClose={dismissUpdate}
        closeButtonProps={{ 'aria-label': 'Later' }}
        withBorder
        style={{ position: 'fixed', insetInlineEnd: 16, bottom: 16, zIndex: 400, maxWidth: 380 }}
      >
        <Text size="sm" mb="xs">
          Reload to start using it. Nothing you have written is lost.
        </Text>
        <Group justify="flex-end">
          <Button size="xs" onClick={reload} loading={reloading}>
            Reload
          </Button>
        </Group>
      </Notification>
    </Portal>
  );
}
