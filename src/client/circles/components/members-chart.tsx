/**
 * The owner's members (followers) chart (spec §2.10 "a members chart for owners"):
 * members by profession as a pie, with the open asks and invitations beside it. Pulled
 * when shown and after each of the owner's writes; drawn from Dexie, so offline too.
 */
import { Group, Paper, Text, Title } from '@mantine/core';
import type { OriginKind } from '../../store/origin-lists';
import { LazyFriendsPie } from '../../ui/charts/lazy-charts';
import { usePagePull } from '../../ui/use-page-pull';
import { useOriginReport } from '../list-queries';

/** The six largest professions, the rest as 'Others': a pie of thirty slivers says nothing. */
const TOP = 6;
function slicesOf(groups: { name: string; count: number }[]) {
  const top = groups.slice(0, TOP).map((g) => ({ label: g.name, value: g.count }));
  const rest = groups.slice(TOP).reduce((sum, g) => sum + g.count, 0);
  return rest > 0 ? [...top, { label: 'Others', value: rest }] : top;
}

export function MembersChart({ me, kind, code, reloadKey }: { me: string; kind: OriginKind; code: string; reloadKey: number }) {
  const report = useOriginReport(me, kind, code);
  usePagePull({ kind: 'originReport', origin: kind, code }, reloadKey);
  const title = kind === 'circle' ? 'Members chart' : 'Followers chart';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {report && (
          <Text size="sm" c="dimmed">
            {report.total} {kind === 'circle' ? 'members' : 'followers'} · {report.requests} asking{kind === 'circle' ? ` · ${report.invited} invited` : ''}
          </Text>
        )}
      </Group>
      {report && report.byProfession.length > 0 ? (
        <LazyFriendsPie slices={slicesOf(report.byProfession)} />
      ) : (
        <Text size="sm" c="dimmed">
          No data
        </Text>
      )}
    </Paper>
  );
}
