/**
 * A card's stats and action bar (spec §2.5): average rating, comments and shares; rating
 * in half steps out of 5 (queued 'entry.rate'), the comments toggle, and the share menu
 * with its four targets.
 */
import { Button, Group, Menu, Text } from '@mantine/core';
import type { OriginalPost } from '../../../contract/entries';
import { RatingInput } from '../../ui/rating-input';
import { entryWrite } from '../commands';
import { useMenuArmed } from '../../ui/use-menu-armed';
import { SHARE_LABELS, type ShareTarget } from './share-dialog';

export function PostStats({ post }: { post: OriginalPost }) {
  return (
    <Group gap="md">
      <Text size="xs" c="dimmed">{`★ ${post.avgRating.toFixed(1)}`}</Text>
      <Text size="xs" c="dimmed">{`${post.noOfComments} Comments`}</Text>
      <Text size="xs" c="dimmed">{`${post.noOfShares} Shares`}</Text>
    </Group>
  );
}

export type PostActionsProps = {
  me: string;
  post: OriginalPost;
  onToggleComments?: () => void;
  onShare: (target: ShareTarget) => void;
};

export function PostActions({ me, post, onToggleComments, onShare }: PostActionsProps) {
  const { drawn, armed, openAtOnce, armProps, targetRef } = useMenuArmed();
  const share = (
    <Button ref={targetRef} size="compact-sm" variant="subtle" {...armProps}>
      Share
    </Button>
  );
  return (
    <Group justify="space-between" gap="xs">
      <RatingInput
        value={post.currentRating}
        label="Rate this entry"
        onRate={(rating) => void entryWrite(me, 'entry.rate', { userCode: me, postCode: post.postCode, data: { rating } })}
      />
      <Group gap={4}>
        {onToggleComments && (
          <Button size="compact-sm" variant="subtle" onClick={onToggleComments}>
            Comment
          </Button>
        )}
        {/* The Menu once the app has opened, or the member came near it (ui/use-menu-armed.ts). */}
        {!drawn && share}
        {drawn && (
          <Menu position="bottom-end" withinPortal defaultOpened={openAtOnce}>
            <Menu.Target>{share}</Menu.Target>
            {armed && (
              <Menu.Dropdown>
                {(Object.keys(SHARE_LABELS) as ShareTarget[]).map((target) => (
                  <Menu.Item key={target} onClick={() => onShare(target)}>
                    {SHARE_LABELS[target]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            )}
          </Menu>
        )}
      </Group>
    </Group>
  );
}
