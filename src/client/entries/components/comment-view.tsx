/**
 * One comment or reply (spec §3 Comment, §4, §6): the writer, the text, like / dislike
 * (pressing the set one again clears it; the other is disabled while one is set), and
 * for its author edit (Enter saves, Escape or Cancel leaves) and trash. Every change is
 * queued; a refused one shows the server's words with Retry and Discard.
 */
import { ActionIcon, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { formatDistanceToNow } from 'date-fns';
import { useState, type ReactNode } from 'react';
import type { OutboxItem } from '../../store/db';
import { MemberAvatar } from '../../ui/framed-avatar';
import { IconEdit, IconThumbDown, IconThumbUp, IconTrash } from '../../ui/icons';
import { SyncMark } from '../../ui/sync-mark';
import { discardWrite, entryWrite, retryWrite } from '../commands';
import { writeState, type CommentView as Row } from '../queries';

export type CommentViewProps = { me: string; row: Row; writes: OutboxItem[]; onReply?: () => void; children?: ReactNode };

const about = (code: string) => (item: OutboxItem) => {
  const p = item.payload as { commentCode?: string; data?: { commentCode?: string } };
  return p.commentCode === code || p.data?.commentCode === code;
};

export function CommentView({ me, row, writes, onReply, children }: CommentViewProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(row.comment);
  const mine = row.user.userCode === me;
  const state = writeState(writes, about(row.commentCode));
  const base = { userCode: me, postCode: row.postCode };
  const react = (exp: 'like' | 'dislike') =>
    entryWrite(me, 'comment.react', { ...base, data: { exp: row.exp === exp ? 'none' : exp, commentCode: row.commentCode, userPostCode: row.postCode } });
  const save = async () => {
    const comment = text.trim();
    if (!comment) return;
    setEditing(false);
    if (comment !== row.comment)
      await entryWrite(me, 'comment.update', { ...base, commentCode: row.commentCode, data: { comment, replyCommentCode: row.parentCode ?? null } });
  };
  const time = new Date(row.lastUpdatedTime);
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <MemberAvatar member={row.user} size="xs" />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6}>
          <Text size="sm" fw={600} dir="auto">
            {row.user.displayName}
          </Text>
          {!Number.isNaN(time.getTime()) && (
            <Text size="xs" c="dimmed">
              {formatDistanceToNow(time, { addSuffix: true })}
            </Text>
          )}
          {import.meta.env.DEV && <Text size="xs" c="dimmed">{row.commentCode}</Text>}
        </Group>
        {editing ? (
          <Group gap={4} wrap="nowrap">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              value={text}
              aria-label="Edit comment"
              autoFocus
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void save();
                if (e.key === 'Escape') setEditing(false);
              }}
            />
            <Button size="compact-xs" variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {row.comment}
          </Text>
        )}
        <Group gap={8}>
          {/* The name holds the count as shown (WCAG 2.5.3 label in name): 'Like (1)' did not,
              axe-core reads a parenthesis as an aside. */}
          <Button size="compact-xs" variant={row.exp === 'like' ? 'light' : 'subtle'} aria-pressed={row.exp === 'like'} disabled={row.exp === 'dislike'} onClick={() => react('like')} leftSection={<IconThumbUp size={14} />} aria-label={`Like, ${row.like}`}>
            {row.like}
          </Button>
          <Button size="compact-xs" variant={row.exp === 'dislike' ? 'light' : 'subtle'} aria-pressed={row.exp === 'dislike'} disabled={row.exp === 'like'} onClick={() => react('dislike')} leftSection={<IconThumbDown size={14} />} aria-label={`Dislike, ${row.dislike}`}>
            {row.dislike}
          </Button>
          {onReply && (
            <Anchor component="button" type="button" size="xs" onClick={onReply}>
              {row.noOfReplies > 0 ? `Reply (${row.noOfReplies})` : 'Reply'}
            </Anchor>
          )}
          {mine && !editing && (
            <>
              <ActionIcon size="sm" variant="subtle" color="gray" aria-label="Edit comment" onClick={() => { setText(row.comment); setEditing(true); }}>
                <IconEdit size={14} />
              </ActionIcon>
              <ActionIcon size="sm" variant="subtle" color="red" aria-label="Trash comment" onClick={() => entryWrite(me, 'comment.delete', { ...base, commentCode: row.commentCode })}>
                <IconTrash size={14} />
              </ActionIcon>
            </>
          )}
        </Group>
        <SyncMark state={state} what="Comment" onRetry={retryWrite} onDiscard={discardWrite} />
        {children}
      </Stack>
    </Group>
  );
}
