/** The open chat: who it is with (and whether they are online), the messages, the box. */
import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '../../ui/icons';
import { CallButtons } from '../call/components/call-buttons';
import { useOpenChat } from '../hooks/use-open-chat';
import { useChatPerson } from '../queries';
import { MessageBox } from './message-box';
import { MessageList } from './message-list';
import { PresenceAvatar } from './presence';
import classes from './telex.module.css';

export type ChatPaneProps = { me: string; peer: string; onBack?: () => void; /** The member opened it: focus goes to the message box. */ focusOnOpen?: boolean };

export function ChatPane({ me, peer, onBack, focusOnOpen }: ChatPaneProps) {
  const person = useChatPerson(me, peer);
  useOpenChat(peer);
  const name = person?.displayName ?? '';
  return (
    <Paper withBorder radius="md" p="sm" className={classes.pane} component="section" aria-label={`Telex with ${name}`}>
      <Group gap="sm" wrap="nowrap" pb="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        {onBack && (
          <ActionIcon variant="subtle" aria-label="Back to conversations" onClick={onBack}>
            <IconChevronRight style={{ transform: 'rotate(180deg)' }} />
          </ActionIcon>
        )}
        {person && <PresenceAvatar person={person} />}
        <Stack gap={0} className={classes.grow}>
          <Text fw={600} truncate dir="auto">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {person?.isOnline ? 'Online' : 'Offline'}
          </Text>
        </Stack>
        <CallButtons me={me} peer={peer} name={name} />
      </Group>
      <MessageList me={me} peer={peer} />
      <MessageBox me={me} peer={peer} name={name} focusOnOpen={focusOnOpen} />
    </Paper>
  );
}
