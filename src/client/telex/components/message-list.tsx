/**
 * The open conversation's messages, oldest at the top. It opens at the newest; scrolled
 * to the top it shows the next older page (50) from Dexie and asks the worker for that
 * page, keeping the reading position. New messages scroll into view when the member
 * was already at the bottom. Mounted per conversation (keyed by peer), so it starts at page 1.
 * A line names the day where the messages cross into another one (bubbles show the time only).
 */
import { Center, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_PAGE_SIZE } from '../../../contract/chat';
import { pullTelex } from '../commands';
import { useMessageTotal, useMessages, useUnsent } from '../queries';
import { MessageBubble } from './message-bubble';
import classes from './telex.module.css';

const NEAR = 48;
const DAY = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

/** 'Today', 'Yesterday' or the weekday and date of `iso`, on this device's calendar. */
export function dayLabel(iso: string, now = new Date()): string {
  const day = new Date(iso);
  const midnight = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((midnight(now) - midnight(day)) / 86_400_000);
  return days === 0 ? 'Today' : days === 1 ? 'Yesterday' : DAY.format(day);
}

export function MessageList({ me, peer }: { me: string; peer: string }) {
  const [pages, setPages] = useState(1);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const messages = useMessages(me, peer, pages * CHAT_PAGE_SIZE);
  const total = useMessageTotal(me, peer);
  const unsent = useUnsent(me, peer);
  const viewport = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ first: string | undefined; height: number } | null>(null);

  const more = messages !== undefined && (messages.length >= pages * CHAT_PAGE_SIZE || (total ?? 0) > pages * CHAT_PAGE_SIZE);

  const loadOlder = () => {
    if (!more || loadingOlder || !viewport.current) return;
    anchor.current = { first: messages?.[0]?.id, height: viewport.current.scrollHeight };
    const next = pages + 1;
    setPages(next);
    setLoadingOlder(true);
    void pullTelex({ kind: 'chatMessages', peer, pageNo: next }).finally(() => setLoadingOlder(false));
  };

  // Older rows were put on top: keep what the member was reading where it was. Otherwise
  // follow the newest message when they were at the bottom (or it is their own).
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el || !messages) return;
    const kept = anchor.current;
    if (kept && kept.first !== messages[0]?.id) {
      el.scrollTop += el.scrollHeight - kept.height;
      anchor.current = null;
      return;
    }
    const newest = messages.at(-1);
    if (atBottom.current || newest?.sender === me) el.scrollTop = el.scrollHeight;
  }, [messages, me]);

  return (
    <ScrollArea
      className={classes.messages}
      viewportRef={viewport}
      // The messages scroll: keyboard members scroll them with the arrows once focused (axe scrollable-region-focusable).
      viewportProps={{ tabIndex: 0 }}
      type="auto"
      offsetScrollbars
      onScrollPositionChange={({ y }) => {
        const el = viewport.current;
        if (!el) return;
        atBottom.current = el.scrollHeight - y - el.clientHeight < NEAR;
        if (y < NEAR) loadOlder();
      }}
      aria-label="Messages"
      // A log: a screen reader says each telex added (its implied politeness, stated for older ones).
      role="log"
      aria-live="polite"
    >
      <Stack gap={2} p="xs">
        {more && (
          <Center py={4}>{loadingOlder ? <Loader size="xs" /> : <Text size="xs" c="dimmed">Scroll up for older telex</Text>}</Center>
        )}
        {messages?.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            No data
          </Text>
        )}
        {messages?.map((m, i) => {
          const label = dayLabel(m.time);
          const newDay = i === 0 || dayLabel(messages[i - 1]!.time) !== label;
          return (
            <Fragment key={m.id}>
              {newDay && (
                <Text size="xs" c="dimmed" ta="center" py={4}>
                  {label}
                </Text>
              )}
              <MessageBubble message={m} mine={m.sender === me} unsent={unsent?.get(m.id)} />
            </Fragment>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
