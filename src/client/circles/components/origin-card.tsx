/**
 * A circle or slate as a card of a list (spec §2.10): picture, name, caption, category and
 * count, and the list's buttons below. Only an active one (statusCode 9) links to its suite;
 * any other shows its name unlinked, dimmed under a white translucent veil (spec §2.10,
 * §4), and says it is paused.
 */
import { Avatar, Badge, Box, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { STATUS_ACTIVE } from '../../../contract/codes';
import { HrefLink } from '../../ui/href-link';
import { mediaUrl } from '../../ui/media-url';
import type { GroupView } from '../queries';
import classes from './origin-card.module.css';

export const suiteOf = (view: Pick<GroupView, 'kind' | 'code'>) => `/${view.kind}/${encodeURIComponent(view.code)}/suite`;

export function OriginCard({ view, status, footer, busy }: { view: GroupView; status?: ReactNode; footer?: ReactNode; busy?: boolean }) {
  const active = view.statusCode === STATUS_ACTIVE;
  const count = view.kind === 'circle' ? `${view.count} ${view.count === 1 ? 'member' : 'members'}` : `${view.count} ${view.count === 1 ? 'follower' : 'followers'}`;
  const picture = <Avatar src={view.picture ? mediaUrl(view.picture, 'md') : null} name={view.name} color="initials" alt="" size={64} />;
  return (
    <Paper withBorder radius="md" p="sm" className={classes.card} data-inactive={!active || undefined} aria-busy={busy || undefined}>
      <Stack gap={6} align="center" className={classes.content}>
        {active ? (
          // The name below is the link a screen reader and the keyboard use; the picture repeats it.
          <HrefLink href={suiteOf(view)} className={classes.link} tabIndex={-1} aria-hidden="true">
            {picture}
          </HrefLink>
        ) : (
          picture
        )}
        {active ? (
          <Text component={HrefLink} href={suiteOf(view)} fw={600} ta="center" className={classes.name} lineClamp={2}>
            {view.name}
          </Text>
        ) : (
          <Text fw={600} ta="center" lineClamp={2}>
            {view.name}
          </Text>
        )}
        {view.caption && (
          <Text size="xs" c="dimmed" ta="center" lineClamp={2}>
            {view.caption}
          </Text>
        )}
        <Box>
          {view.categoryName && (
            <Badge variant="light" tt="none" size="sm">
              {view.categoryName}
            </Badge>
          )}
        </Box>
        <Text size="xs">{count}</Text>
        {!active && (
          <Text size="xs" c="dimmed">
            Paused by its owner
          </Text>
        )}
        {status}
      </Stack>
      {footer && <Box mt="xs">{footer}</Box>}
    </Paper>
  );
}
