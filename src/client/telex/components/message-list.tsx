/**
 * The open conversation's messages, oldest at the top. It opens at the newest; scrolled
 * to the top it shows the next older page (50) from Dexie and asks the worker for that
 * page, keeping the reading position. New messages scroll into view when the member
 * was already at the bottom. Mounted per conversation (keyed by peer), so it starts at page 1.
 */
import { Center, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { CHAT_PAGE_SIZE } from '../../../contract/chat';
import { pullTelex } from '../commands';
import { useMessageTotal, useMessages, useUnsent } from '../queries';
import { MessageBubble } from './message-bubble';
import classes from './telex.module.css';

const NEAR = 48;

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
        {messages?.map((m) => (
          <MessageBubble key={m.id} message={m} mine={m.sender === me} unsent={unsent?.get(m.id)} />
        ))}
      </Stack>
    </ScrollArea>
  );
}
