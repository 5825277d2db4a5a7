/**
 * A circle's or slate's suite page (spec §2.4, §2.7): its description beside the feed,
 * and the 'Create entry' box above the feed only when the member may post there
 * (details.canPost: a circle's members, a slate's admin — postTarget). The route reads
 * the details once and composes the feed and the composer (areas never import each other).
 * The circle's owner gets the 'Invite Friends' panel (spec §2.4) beside it (`aside`).
 */
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { GroupView } from '../queries';
import classes from '../../ui/suite-grid.module.css';

type GroupSuiteScreenProps = {
  code: string;
  /** The circle's or slate's details as mirrored (undefined until first pulled). */
  view: GroupView | undefined;
  feed: ReactNode;
  /** The composer launcher for this circle or slate; the route gives it only when the member may post (postTarget). */
  composer: ReactNode;
  /** The circle owner's 'Invite Friends' panel (spec §2.4), under About. */
  aside?: ReactNode;
  /** The owner's description edit (spec §2.10), beside About's title. */
  aboutAction?: ReactNode;
};

export function GroupSuiteScreen({ code, view, feed, composer, aside, aboutAction }: GroupSuiteScreenProps) {
  return (
    <div className={classes.grid}>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`about-${code}`}>
          <Group justify="space-between" mb={4}>
            <Title order={2} size="h5" id={`about-${code}`}>
              About
            </Title>
            {aboutAction}
          </Group>
          <Text size="sm" c={view?.description ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
            {view?.description || 'No data'}
          </Text>
        </Paper>
        {aside}
      </Stack>
      <div>
        {composer}
        {feed}
      </div>
    </div>
  );
}
