/**
 * An entry as a card (spec §2.5): header, text, poll, map, image grid, stats, action bar,
 * the comments area (opens and closes) and the menu. A share shows the sharer and their
 * words above the shared entry. The card's unsent writes show as pending; a refused one
 * with the server's words, Retry and Discard.
 */
import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { OriginalPost } from '../../../contract/entries';
import { SyncMark } from '../../ui/sync-mark';
import { discardWrite, entryWrite, retryWrite } from '../commands';
import type { PostView } from '../queries';
import { useEntryWriteState, type EntryWriteStates } from '../write-states';
import { CommentsArea } from './comments-area';
import { PostActions, PostStats } from './post-actions';
import { PostGalleryGrid } from './post-gallery';
import { PostHeader } from './post-header';
import { PlaceMap } from '../../ui/map/place-map';
import { PostMenu } from './post-menu';
import { PostPoll } from './post-poll';
import { PostText } from './post-text';
import { ShareDialog, type ShareTarget } from './share-dialog';

/** The body of one entry: what it says and shows. */
export function PostBody({ me, post }: { me: string; post: OriginalPost }) {
  return (
    <Stack gap="sm">
      <PostText text={post.postDescription} />
      {post.pollingDetails && (
        <PostPoll
          poll={post.pollingDetails}
          onVote={(option) =>
            entryWrite(me, 'poll.vote', { userCode: me, postCode: post.postCode, data: { userPostCode: post.postCode, pollingResponse: option } })
          }
        />
      )}
      <PlaceMap location={post.location} />
      <PostGalleryGrid me={me} items={post.postGalleries} poster={post.postedBy.displayName} />
    </Stack>
  );
}

export type PostCardProps = {
  me: string;
  post: PostView;
  fullView?: boolean;
  /** The screen's one read of the queued writes (write-states.ts), for the card's mark. */
  writeStates: EntryWriteStates;
  /** In a feed (feed-list.tsx): the card's place, for aria-posinset / aria-setsize. */
  feedPosition?: { index: number; size: number };
  /** Comments open at mount (a windowed feed remounts cards it scrolled away). */
  commentsOpen?: boolean;
  onCommentsOpen?: (open: boolean) => void;
};

export function PostCard({ me, post: row, fullView, writeStates, feedPosition, commentsOpen: openAtMount, onCommentsOpen }: PostCardProps) {
  const [commentsOpen, setCommentsOpen] = useState(Boolean(fullView || openAtMount));
  const [share, setShare] = useState<ShareTarget | null>(null);
  const shared = row.sharedDetails;
  // The entry the actions act on: a share's own post, else the entry.
  const post = shared?.sharedPost ?? row.originalPost;
  const state = useEntryWriteState(writeStates, row.postCode);
  if (!post) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`Entry by ${post.postedBy.displayName}`}
      aria-posinset={feedPosition && feedPosition.index + 1}
      aria-setsize={feedPosition?.size}
      // A feed's articles take focus from script (ARIA feed pattern; 'Load more entries' moves it to the first new one).
      tabIndex={feedPosition ? -1 : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {shared ? (
            <Text size="sm">
              <b>{shared.sharedBy.displayName}</b> shared an entry
            </Text>
          ) : (
            <PostHeader post={post} />
          )}
          <PostMenu me={me} post={post} />
        </Group>
        {import.meta.env.DEV && <Text size="xs" c="dimmed">{row.postCode}</Text>}
        <SyncMark state={state} what="Entry" onRetry={retryWrite} onDiscard={discardWrite} />
        {shared ? (
          <>
            <PostText text={shared.sharedPost.postDescription} />
            <Paper withBorder radius="md" p="sm">
              {row.originalPost ? (
                <Stack gap="sm">
                  <PostHeader post={row.originalPost} />
                  <PostBody me={me} post={row.originalPost} />
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  This entry was deleted or is not visible to you.
                </Text>
              )}
            </Paper>
          </>
        ) : (
          <PostBody me={me} post={post} />
        )}
        <PostStats post={post} />
        <Divider />
        <PostActions me={me} post={post} onToggleComments={() => {
            setCommentsOpen(!commentsOpen);
            onCommentsOpen?.(!commentsOpen);
          }} onShare={setShare} />
        {commentsOpen && <CommentsArea me={me} postCode={post.postCode} />}
      </Stack>
      {/* Mounted only while open: its target lists are live queries, not for every card in a scroll. */}
      {share && <ShareDialog me={me} postCode={row.originalPost?.postCode ?? post.postCode} target={share} onClose={() => setShare(null)} />}
    </Paper>
  );
}
