/**
 * 'Voice call' and 'Video call' in a telex conversation with a billionett (issue 30). Each
 * is disabled with its reason in words beside it: offline, the peer's privacy turns calls
 * off, or a call already under way.
 */
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useId } from 'react';
import type { CallKind } from '../../../../contract/calls';
import { sync } from '../../../sync/client';
import { IconPhone, IconVideo } from '../../../ui/icons';
import { useOnline } from '../../../ui/use-online';
import { useTelexLink } from '../../queries';
import { calls } from '../call-controller';
import { isFree } from '../call-state';
import { useCallAccess } from '../queries';
import { useCallSnapshot } from '../use-call';

export function CallButtons({ me, peer, name }: { me: string; peer: string; name: string }) {
  const online = useOnline();
  const link = useTelexLink(me);
  const access = useCallAccess(me, peer);
  const { state } = useCallSnapshot();
  const reasonId = useId();
  useEffect(() => {
    // Their privacy answer says whether I may call them ('calls'); refreshed on each open.
    void sync.pull({ kind: 'personal', userCode: peer }).catch(() => undefined);
  }, [peer]);
  if (!access?.billionett) return null;

  const reason = !online
    ? 'Calls need a connection.'
    : link === 'down'
      ? 'Calls are unavailable while the server reconnects.'
      : access.callsOff
        ? `${name} does not take calls.`
        : !isFree(state)
          ? 'You are already in a call.'
          : undefined;
  const call = (kind: CallKind) => void calls.start(peer, kind);
  const props = { variant: 'default', size: 'compact-sm', disabled: Boolean(reason), 'aria-describedby': reason ? reasonId : undefined } as const;
  return (
    <Group gap={6} wrap="wrap" justify="flex-end" data-testid="call-buttons">
      <Button {...props} leftSection={<IconPhone size={16} />} onClick={() => call('voice')}>
        Voice call
      </Button>
      <Button {...props} leftSection={<IconVideo size={16} />} onClick={() => call('video')}>
        Video call
      </Button>
      {reason && (
        <Text id={reasonId} size="xs" c="dimmed" w="100%" ta="right">
          {reason}
        </Text>
      )}
    </Group>
  );
}
