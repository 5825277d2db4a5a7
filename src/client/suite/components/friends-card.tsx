/**
 * Billionetts by category (spec §2.7): a pie of the member's billionetts per
 * profession with the total as a count badge. Read from Dexie (`reports`), so it
 * shows offline; hidden (106) for a visitor, the card says so.
 */
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { ACCESS_RESTRICTED } from '../../../contract/codes';
import { refreshFriendsReport } from '../commands';
import { useFriendsReport } from '../queries';
import { LazyFriendsPie } from '../../ui/charts/lazy-charts';

export function FriendsCard({ me, userCode }: { me: string; userCode: string }) {
  const report = useFriendsReport(me, userCode);
  useEffect(() => refreshFriendsReport(userCode), [userCode]);
  const slices = (report?.slices ?? []).filter((s) => s.count > 0).map((s) => ({ label: s.categoryName, value: s.count }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`friends-${userCode}`}>
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h5" id={`friends-${userCode}`}>
          Billionetts
        </Title>
        <Badge size="lg" variant="filled" circle={(report?.total ?? 0) < 100} aria-label={`${report?.total ?? 0} billionetts`}>
          {report?.total ?? 0}
        </Badge>
      </Group>
      {report?.accessCode === ACCESS_RESTRICTED ? (
        <Text size="sm" c="dimmed">
          This member keeps their billionetts private.
        </Text>
      ) : slices.length > 0 ? (
        <LazyFriendsPie slices={slices} />
      ) : (
        <Text size="sm" c="dimmed" py="md" ta="center">
          No data
        </Text>
      )}
    </Paper>
  );
}
