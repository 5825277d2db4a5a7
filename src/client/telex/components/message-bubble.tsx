/**
 * One message: mine on the right with its delivery ticks, theirs on the left. A message
 * the server refused shows its words with Retry and Discard (never dropped silently).
 */
import { Box, Group, Text } from '@mantine/core';
import type { ChatMessageRow, OutboxItem } from '../../store/db';
import { IconPhone, IconPhoneOff, IconVideo } from '../../ui/icons';
import { RetryDiscard } from '../../ui/retry-discard';
import { discardTelex, retryTelex } from '../commands';
import classes from './telex.module.css';
import { Ticks } from './ticks';

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function MessageBubble({ message, mine, unsent }: { message: ChatMessageRow; mine: boolean; unsent?: OutboxItem }) {
  if (message.call) return <CallLineRow message={message} />;
  const failed = unsent?.status === 'failed' || message.status === 'failed';
  return (
    <Box className={classes.row} data-mine={mine || undefined}>
      <Box className={classes.bubble} data-mine={mine || undefined} data-failed={failed || undefined} data-testid="telex-message" data-id={message.id} data-status={message.status}>
        <Text size="sm" className={classes.body} dir="auto">
          {message.body}
        </Text>
        <Group gap={4} justify="flex-end" className={classes.meta}>
          <Text span size="xs">
            {clock.format(new Date(message.time))}
          </Text>
          {mine && <Ticks status={failed ? 'failed' : message.status} />}
        </Group>
        {failed && unsent && (
          <Box role="alert">
            <Text size="xs" c="red" mt={4}>
              {unsent.error?.message ?? 'The server refused this telex.'}
            </Text>
            <RetryDiscard size="compact-xs" mt={4} onRetry={() => retryTelex(unsent.id)} onDiscard={() => discardTelex(unsent.id)} />
          </Box>
        )}
      </Box>
    </Box>
  );
}

/**
 * A call's line (contract/calls.ts): centred, with its kind's icon, not a bubble — nobody
 * wrote it. The words are the server's body ('Voice call · 3 min', 'Missed video call').
 */
function CallLineRow({ message }: { message: ChatMessageRow }) {
  const call = message.call!;
  const Icon = call.outcome !== 'answered' ? IconPhoneOff : call.kind === 'video' ? IconVideo : IconPhone;
  return (
    <Box className={classes.callLine} data-testid="telex-message" data-id={message.id} data-call={call.outcome}>
      <Icon size={16} />
      <Text span size="sm">
        {message.body}
      </Text>
      <Text span size="xs" c="dimmed">
        {clock.format(new Date(message.time))}
      </Text>
    </Box>
  );
}
