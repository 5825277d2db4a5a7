/**
 * The left pane of /telex (spec §2.12): the conversations (unread count, last message)
 * and the billionetts with their presence, online first. A tap opens the chat. A member
 * without any conversation yet starts on the billionetts.
 */
import { Badge, Paper, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../ui/empty-state';
import { IconTelex } from '../../ui/icons';
import { useChatFriends, useConversations, type ChatPerson, type ConversationItem } from '../queries';
import { PresenceAvatar } from './presence';
import classes from './telex.module.css';
import { Ticks } from './ticks';

type ListProps = {
  me: string;
  active: string | undefined;
  onOpen: (peer: string) => void;
  /** The row to focus once drawn (on a phone, the chat the member came back from), then onFocused. */
  focusPeer?: string;
  onFocused?: () => void;
};

const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
function when(iso: string): string {
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? clock.format(date) : day.format(date);
}

export function ChatLists({ unread, ...list }: ListProps & { unread: number }) {
  const { me } = list;
  const conversations = useConversations(me);
  const [chosen, setChosen] = useState<string | null>(null);
  // No conversation yet: open on the billionetts, whom a first telex goes to (issue 14).
  const tab = chosen ?? (conversations?.length === 0 ? 'billionetts' : 'conversations');
  // Once the member is in the lists, the tab they see is theirs: conversations arriving from
  // the server must not switch it (and unmount the row a keyboard member stands on).
  const keep = () => {
    if (chosen === null) setChosen(tab);
  };
  return (
    <Paper withBorder radius="md" p="xs" className={classes.pane} onFocusCapture={keep} onPointerDownCapture={keep}>
      <Tabs value={tab} onChange={setChosen} keepMounted={false} style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
        <Tabs.List grow>
          <Tabs.Tab value="conversations" rightSection={unread > 0 ? <Badge size="xs" circle>{unread}</Badge> : undefined}>
            Telex
          </Tabs.Tab>
          <Tabs.Tab value="billionetts">Billionetts</Tabs.Tab>
        </Tabs.List>
        <ScrollArea className={classes.messages} type="auto">
          <Tabs.Panel value="conversations" pt="xs">
            <Conversations {...list} rows={conversations} />
          </Tabs.Panel>
          <Tabs.Panel value="billionetts" pt="xs">
            <Friends {...list} />
          </Tabs.Panel>
        </ScrollArea>
      </Tabs>
    </Paper>
  );
}

function Conversations({ me, rows, ...entry }: ListProps & { rows: ConversationItem[] | undefined }) {
  if (rows && rows.length === 0) return <EmptyState title="No data" icon={<IconTelex size={26} />} size="sm" />;
  return (
    <Stack gap={2} component="ul" role="list" aria-label="Conversations" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows?.map((row) => (
        <li key={row.person.userCode}>
          <Entry {...entry} person={row.person} aside={<ConversationAside row={row} />}>
            <LastLine me={me} row={row} />
          </Entry>
        </li>
      ))}
    </Stack>
  );
}

function LastLine({ me, row }: { me: string; row: ConversationItem }) {
  const last = row.last;
  if (!last) return null;
  return (
    <Text size="xs" c="dimmed" truncate component="div" style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
      {last.sender === me && <Ticks status={last.status} />}
      <span dir="auto" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{last.body}</span>
    </Text>
  );
}

function ConversationAside({ row }: { row: ConversationItem }) {
  return (
    <Stack gap={2} align="flex-end">
      <Text size="xs" c="dimmed">
        {when(row.last?.time ?? row.lastChatTime)}
      </Text>
      {row.unread > 0 && (
        <Badge size="sm" circle aria-label={`${row.unread} unread`}>
          {row.unread}
        </Badge>
      )}
    </Stack>
  );
}

function Friends({ me, ...entry }: ListProps) {
  const rows = useChatFriends(me);
  if (rows && rows.length === 0) return <EmptyState title="No Billionetts found..." icon={<IconTelex size={26} />} size="sm" />;
  return (
    <Stack gap={2} component="ul" role="list" aria-label="Billionetts" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows?.map((f) => (
        <li key={f.userCode}>
          <Entry {...entry} person={f}>
            <Text size="xs" c="dimmed" truncate>
              {f.isOnline ? 'Online' : f.professionName}
            </Text>
          </Entry>
        </li>
      ))}
    </Stack>
  );
}

type EntryProps = Omit<ListProps, 'me'> & { person: ChatPerson; aside?: React.ReactNode; children?: React.ReactNode };

function Entry({ person, active: activePeer, onOpen, focusPeer, onFocused, aside, children }: EntryProps) {
  const active = activePeer === person.userCode;
  const button = useRef<HTMLButtonElement>(null);
  const focus = focusPeer === person.userCode;
  useEffect(() => {
    if (!focus) return;
    button.current?.focus();
    onFocused?.();
  }, [focus, onFocused]);
  return (
    <button
      ref={button}
      type="button"
      className={classes.entry}
      data-active={active || undefined}
      aria-current={active ? 'true' : undefined}
      onClick={() => onOpen(person.userCode)}
    >
      <PresenceAvatar person={person} />
      <span className={classes.grow}>
        <Text size="sm" fw={500} truncate dir="auto">
          {person.displayName}
        </Text>
        {children}
      </span>
      {aside}
    </button>
  );
}
