/**
 * An incoming call (issue 30): who calls, voice or video, Accept and Decline. An alert
 * dialog (it interrupts, and asks for an answer): focus starts on Accept, Escape and a click
 * outside do nothing, since only the member's choice ends it (or the ring ending: missed,
 * answered or declined on another device, cancelled by the caller).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import type { ChatPerson } from '../../queries';
import { MemberAvatar } from '../../../ui/framed-avatar';
import { IconPhone, IconPhoneOff, IconVideo } from '../../../ui/icons';
import { calls } from '../call-controller';
import classes from './call.module.css';

export function IncomingCallDialog({ opened, person, kind }: { opened: boolean; person: ChatPerson | undefined; kind: 'voice' | 'video' }) {
  const name = person?.displayName ?? '';
  const what = kind === 'video' ? 'Video call' : 'Voice call';
  // Mantine's modal fixes role="dialog" after its props: an incoming call is an alert dialog.
  const asAlert = useCallback((node: HTMLElement | null) => node?.setAttribute('role', 'alertdialog'), []);
  return (
    <Modal.Root opened={opened} onClose={() => undefined} closeOnEscape={false} closeOnClickOutside={false} centered size="sm" zIndex={400}>
      <Modal.Overlay />
      <Modal.Content ref={asAlert} data-testid="incoming-call">
        <Modal.Header>
          <Modal.Title fw={600}>Incoming {what.toLowerCase()}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Stack align="center" gap="sm">
            <span className={classes.ringing}>{person && <MemberAvatar member={person} size="lg" />}</span>
            <Text fw={600} size="lg" ta="center" dir="auto">
              {name}
            </Text>
            <Text size="sm" c="dimmed" ta="center">
              {what} from your billionett
            </Text>
            <Group justify="center" gap="md" mt="xs" w="100%" grow>
              <Button color="red.9" leftSection={<IconPhoneOff size={18} />} onClick={() => calls.decline()}>
                Decline
              </Button>
              <Button
                color="teal.9"
                data-autofocus
                leftSection={kind === 'video' ? <IconVideo size={18} /> : <IconPhone size={18} />}
                onClick={() => void calls.accept()}
              >
                Accept
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
