/**
 * The message box (spec §5): Enter sends, Shift+Enter makes a new line, blank text is
 * ignored, the length cap is shown. What is typed is kept as the conversation's draft
 * in Dexie, so a reload or a closed tab loses nothing.
 */
import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_BODY_MAX, CHAT_MESSAGES } from '../../../contract/chat';
import { keepDraft, sendTelex } from '../commands';
import { useDraft } from '../queries';

function IconSend() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 12l16-8-6 16-2.5-6.5L4 12zM11.5 13.5L20 4" />
    </svg>
  );
}

/** `focusOnOpen`: the member chose this conversation, so typing starts here (keyboard members are not left on a list that may be gone). */
export function MessageBox({ me, peer, name, focusOnOpen }: { me: string; peer: string; name: string; focusOnOpen?: boolean }) {
  const draft = useDraft(me, peer);
  // The saved draft until the member types; from then on the box leads and the draft follows it.
  // Mounted per conversation (keyed by peer), so one conversation's text never shows in another.
  const [text, setText] = useState<string | null>(null);
  const value = text ?? draft ?? '';
  const length = value.trim().length;
  const tooLong = length > CHAT_BODY_MAX;
  const box = useRef<HTMLTextAreaElement>(null);
  const loading = text === null && draft === undefined;
  const focusPending = useRef(focusOnOpen);
  // Once the draft is read (the box is disabled until then).
  useEffect(() => {
    if (loading || !focusPending.current) return;
    focusPending.current = false;
    box.current?.focus();
  }, [loading]);

  const change = (next: string) => {
    setText(next);
    void keepDraft(me, peer, next);
  };
  const send = async () => {
    if (!length || tooLong) return;
    setText('');
    if (!(await sendTelex(me, peer, value))) setText(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while an input method composes) types a new line.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Textarea
        className="grow"
        style={{ flex: 1 }}
        aria-label={`Telex to ${name}`}
        dir="auto"
        placeholder="Type a telex…"
        autosize
        minRows={1}
        maxRows={5}
        ref={box}
        value={value}
        disabled={loading}
        onChange={(event) => change(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={tooLong ? CHAT_MESSAGES.tooLong : undefined}
        description={
          <Text span size="xs" c={tooLong ? 'red' : 'dimmed'}>
            {length}/{CHAT_BODY_MAX}
          </Text>
        }
        inputWrapperOrder={['input', 'description', 'error']}
      />
      <ActionIcon size="lg" radius="xl" aria-label="Send" onClick={() => void send()} disabled={!length || tooLong} mb={22}>
        <IconSend />
      </ActionIcon>
    </Group>
  );
}
