/**
 * The header's sync state (DESIGN.md: online/offline, pending count, failed count).
 * The button's text says the same as its colours, so it reads without colour too;
 * the popover lists refused writes with the server's words and Retry / Discard,
 * then the writes still waiting.
 */
import { Badge, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { OutboxItem } from '../../store/db';
import { IconCloud, IconCloudOff } from '../../ui/icons';
import { RetryDiscard } from '../../ui/retry-discard';
import { useMenuArmed } from '../../ui/use-menu-armed';
import { discardWrite, retryWrite } from '../commands';
import { writeLabel } from '../labels';
import { useOutbox } from '../queries';
import classes from './sync-indicator.module.css';
import { SyncAnnouncer } from './sync-announcer';
import { useOnline } from '../../ui/use-online';

export function SyncIndicator({ userCode }: { userCode: string }) {
  const online = useOnline();
  const outbox = useOutbox(userCode);
  const pending = outbox?.pending.length ?? 0;
  const failed = outbox?.failed.length ?? 0;
  const summary = `${online ? 'Online' : 'Offline'}, ${pending} pending, ${failed} failed`;
  // The popover once the app has opened, its list once the member comes near the button
  // (ui/use-menu-armed.ts).
  const { drawn, armed, openAtOnce, armProps, targetRef } = useMenuArmed();
  const button = (
    <UnstyledButton ref={targetRef} className={classes.button} title={summary} {...armProps}>
      <Indicator color={online ? 'teal' : 'gray'} size={9} offset={2} withBorder processing={online && pending > 0}>
        {online ? <IconCloud size={20} /> : <IconCloudOff size={20} />}
      </Indicator>
      <span className={classes.text}>{online ? 'Online' : 'Offline'}</span>
      {pending > 0 && (
        <Badge size="sm" variant="light" color="gold">
          {pending}
        </Badge>
      )}
      {failed > 0 && (
        <Badge size="sm" variant="filled" color="red">
          {failed}
        </Badge>
      )}
      {/* Named by what it shows, then the numbers spelled out: a member who says what
          they see (voice control) reaches it, a screen reader hears the whole state. */}
      <VisuallyHidden>{`: ${pending} pending, ${failed} failed (sync status)`}</VisuallyHidden>
    </UnstyledButton>
  );
  return (
    <>
      {/* From the first read of the outbox: its loading is not a change. */}
      {outbox && <SyncAnnouncer online={online} pending={pending} failed={failed} />}
      {!drawn && button}
      {drawn && (
        <Popover width={340} position="bottom-end" shadow="md" withArrow trapFocus defaultOpened={openAtOnce}>
          <Popover.Target>{button}</Popover.Target>
          {armed && (
            <Popover.Dropdown>
              <SyncList online={online} summary={summary} failed={outbox?.failed ?? []} pending={outbox?.pending ?? []} />
            </Popover.Dropdown>
          )}
        </Popover>
      )}
    </>
  );
}

type SyncListProps = { online: boolean; summary: string; failed: OutboxItem[]; pending: OutboxItem[] };

/** The popover's contents: the state in words, the refused writes, then those still waiting. */
function SyncList({ online, summary, failed, pending }: SyncListProps) {
  return (
    <>
      <Text fw={600} size="sm">
        {summary}
      </Text>
      {!online && (
        <Text size="xs" c="dimmed" mt={4}>
          Changes are kept on this device and sent when you are back online.
        </Text>
      )}
      <ScrollArea.Autosize mah={360} type="auto" mt="xs">
        {failed.length === 0 && pending.length === 0 && (
          <Text size="sm" c="dimmed">
            Everything is sent.
          </Text>
        )}
        {failed.length > 0 && (
          <Stack gap="xs" role="list" aria-label="Failed changes">
            {failed.map((item) => (
              <FailedRow key={item.id} item={item} />
            ))}
          </Stack>
        )}
        {failed.length > 0 && pending.length > 0 && <Divider my="xs" />}
        {pending.length > 0 && (
          <Stack gap={4} role="list" aria-label="Pending changes">
            {pending.map((item) => (
              <Group key={item.id} role="listitem" justify="space-between" wrap="nowrap">
                <Text size="sm">{writeLabel(item.kind)}</Text>
                <Text size="xs" c="dimmed">
                  {item.attempts > 0 ? `waiting · ${item.attempts} tries` : 'waiting'}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </>
  );
}

function FailedRow({ item }: { item: OutboxItem }) {
  return (
    <div role="listitem" className={classes.failed}>
      <Text size="sm" fw={600}>
        {writeLabel(item.kind)}
      </Text>
      <Text size="xs" c="red.8">
        {item.error?.message ?? 'The server refused this change.'}
      </Text>
      <RetryDiscard size="compact-xs" mt={6} onRetry={() => retryWrite(item.id)} onDiscard={() => discardWrite(item.id)} />
    </div>
  );
}
