/**
 * Asks, inside the bulletin list (the moment a member shows they care about bulletins), to
 * turn them on for this device while the app is closed. Says plainly when the browser has
 * them blocked; shows nothing once on, or where the browser cannot.
 */
import { Alert, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { pushState, turnOnPush, type PushState } from '../push';

export function PushPrompt() {
  const [state, setState] = useState<PushState>(() => pushState());
  const [asking, setAsking] = useState(false);
  if (state === 'unsupported' || state === 'granted') return null;
  if (state === 'denied') {
    return (
      <Text size="xs" c="dimmed" px="sm">
        Bulletins are blocked for this site in your browser’s settings; allow notifications there to hear about them while the app is closed.
      </Text>
    );
  }
  return (
    <Alert variant="light" title="Hear about it while the app is closed">
      <Text size="sm" mb="xs">
        Billionett can tell this device when someone comments, asks or writes to you.
      </Text>
      <Button
        size="xs"
        loading={asking}
        onClick={async () => {
          setAsking(true);
          setState(await turnOnPush());
          setAsking(false);
        }}
      >
        Turn on bulletins
      </Button>
    </Alert>
  );
}
