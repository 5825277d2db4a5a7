/**
 * The picture card of a circle's or slate's suite (spec §2.7): its picture, name,
 * caption, category name, member (circle) or follower (slate) count, and — for anyone
 * but its admin — a link to the admin's suite; where the member stands and what they
 * can do about it (`actions`: standing-actions.tsx).
 */
import { Anchor, Avatar, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { HrefLink } from '../../ui/href-link';
import { PictureControls } from '../../ui/picture/picture-controls';
import { mediaUrl } from '../../ui/media-url';
import type { ReactNode } from 'react';
import type { GroupView } from '../queries';
import { STANDING } from './standing-actions';
import classes from './group-card.module.css';

export function GroupCard({ view, actions }: { view: GroupView | undefined; actions?: ReactNode }) {
  if (!view) return <Skeleton height={160} radius={0} role="status" aria-label="Loading" />;
  const count = view.kind === 'circle' ? `${view.count} ${view.count === 1 ? 'member' : 'members'}` : `${view.count} ${view.count === 1 ? 'follower' : 'followers'}`;
  return (
    <section aria-label={view.kind === 'circle' ? 'Circle card' : 'Slate card'}>
      <div className={classes.cover} />
      <div className={classes.body}>
        <Stack gap={6} align="center" className={classes.picture}>
          <Avatar src={view.picture ? mediaUrl(view.picture, 'lg') : null} name={view.name} color="initials" alt={`${view.name}'s ${view.kind} picture`} size={96} />
          {/* The owner's camera and remove controls (spec §2.7); online only. */}
          {view.standing === 'owner' && <PictureControls hasPicture={Boolean(view.picture)} target={{ kind: view.kind, code: view.code }} />}
        </Stack>
        <Stack gap={4} className={classes.text} pt="sm">
          <Group gap="xs" wrap="wrap">
            <Title order={1} size="h3">
              {view.name}
            </Title>
            {view.categoryName && (
              <Badge variant="light" tt="none">
                {view.categoryName}
              </Badge>
            )}
          </Group>
          {view.caption && (
            <Text size="sm" c="dimmed">
              {view.caption}
            </Text>
          )}
          <Group gap="md" wrap="wrap">
            <Text size="sm">{count}</Text>
            {view.standing === 'owner' ? (
              <Text size="sm" c="dimmed">
                You are its admin
              </Text>
            ) : (
              view.adminCode && (
                <Text size="sm">
                  Admin:{' '}
                  <Anchor component={HrefLink} href={`/billionett/${encodeURIComponent(view.adminCode)}/suite`} size="sm">
                    {view.adminName || 'their suite'}
                  </Anchor>
                </Text>
              )
            )}
            {STANDING[`${view.kind}:${view.standing}`] && (
              <Text size="sm" c="dimmed">
                {STANDING[`${view.kind}:${view.standing}`]}
              </Text>
            )}
          </Group>
          {actions}
        </Stack>
      </div>
    </section>
  );
}
