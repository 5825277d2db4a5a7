/**
 * A card's header (spec §2.5, §3 Post item): the poster's framed avatar, name, where it
 * was posted (origin), when (formatDistanceToNow), feeling or activity, tagged
 * billionetts (at most 2 names, then '+N others') and the privacy icon.
 */
import { Group, Stack, Text } from '@mantine/core';
import { formatDistanceToNow } from 'date-fns';
import type { OriginalPost } from '../../../contract/entries';
import type { ReactNode } from 'react';
import { MemberAvatar } from '../../ui/framed-avatar';
import { IconGlobe, IconLock, IconUsers } from '../../ui/icons';
import { LazyTooltip } from '../../ui/lazy-tooltip';

const PRIVACY_ICON: Record<number, { icon: ReactNode; label: string }> = {
  1: { icon: <IconGlobe size={13} />, label: 'Everyone' },
  2: { icon: <IconUsers size={13} />, label: 'Billionetts' },
  3: { icon: <IconLock size={13} />, label: 'Only me' },
};

export function taggedLine(tagged: OriginalPost['taggedUsers']): string {
  if (tagged.length === 0) return '';
  const names = tagged.slice(0, 2).map((t) => t.displayName);
  const rest = tagged.length - names.length;
  return rest > 0 ? `${names.join(', ')} +${rest} others` : names.join(' and ');
}

const privacyIcon = ({ icon, label }: { icon: ReactNode; label: string }) => (
  <Text component="span" size="xs" c="dimmed" lh={0} role="img" aria-label={`Privacy: ${label}`}>
    {icon}
  </Text>
);

function ago(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? '' : formatDistanceToNow(time, { addSuffix: true });
}

export function PostHeader({ post }: { post: OriginalPost }) {
  const by = post.postedBy;
  const privacy = PRIVACY_ICON[post.privacyCode];
  const elsewhere = post.postedAt.originCode !== by.userCode && post.postedAt.originName;
  const tagged = taggedLine(post.taggedUsers);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <MemberAvatar member={by} size="md" />
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={600}>
          {/* bdi: a name in another script keeps its own direction without turning the line around. */}
          <bdi>{by.displayName}</bdi>
          {elsewhere && (
            <Text span c="dimmed" size="sm">
              {' ▸ '}
              <bdi>{post.postedAt.originName}</bdi>
            </Text>
          )}
          {post.feelings && (
            <Text span size="sm" fw={400}>{` is ${post.feelings.feelingicon} feeling ${post.feelings.feelingName}`}</Text>
          )}
          {post.activity && (
            <Text span size="sm" fw={400}>{` is ${post.activity.activityicon} ${post.activity.activityName}`}</Text>
          )}
          {tagged && <Text span size="sm" fw={400}>{` with ${tagged}`}</Text>}
        </Text>
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            {by.professionName ? `${by.professionName} · ` : ''}
            {ago(post.postDateTime)}
          </Text>
          {/* Its tooltip (a portal and floating hooks) mounts when first pointed at (ui/lazy-tooltip.tsx). */}
          {privacy && <LazyTooltip label={privacy.label}>{privacyIcon(privacy)}</LazyTooltip>}
        </Group>
      </Stack>
    </Group>
  );
}
