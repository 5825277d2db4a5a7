/**
 * Writing a comment or a reply (spec §4, §5): Enter sends, an empty comment is ignored.
 * A reply box starts with a badge naming the member answered. Sending queues
 * 'comment.create' with a client commentCode, so it shows at once, offline too.
 */
import { Badge, CloseButton, TextInput } from '@mantine/core';
import { useState } from 'react';
import { entryWrite, newCode } from '../commands';

export type CommentBoxProps = {
  me: string;
  postCode: string;
  /** A reply: the top-level comment it files under, and who is answered (the badge). */
  reply?: { commentCode: string; name: string };
  onSent?: () => void;
};

export function CommentBox({ me, postCode, reply, onSent }: CommentBoxProps) {
  const [text, setText] = useState('');
  const [badge, setBadge] = useState(reply?.name);
  const send = async () => {
    const comment = text.trim();
    if (!comment) return;
    setText('');
    await entryWrite(me, 'comment.create', {
      userCode: me,
      postCode,
      data: { commentCode: newCode(), comment: badge ? `@${badge} ${comment}` : comment, replyCommentCode: reply?.commentCode ?? null },
    });
    onSent?.();
  };
  return (
    <TextInput
      size="sm"
      radius="xl"
      placeholder={reply ? 'Write a reply...' : 'Write a comment...'}
      aria-label={reply ? 'Reply' : 'Comment'}
      dir="auto"
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.shiftKey) {
          e.preventDefault();
          void send();
        }
      }}
      leftSectionWidth={badge ? 110 : undefined}
      leftSection={
        badge ? (
          <Badge size="sm" variant="light" maw={104} rightSection={<CloseButton size="xs" aria-label="Remove" onClick={() => setBadge(undefined)} />}>
            {badge}
          </Badge>
        ) : undefined
      }
    />
  );
}
