/**
 * The Utilization card (spec §2.7): the member's storage as a doughnut — used space
 * by kind, and what remains. Used percent = 100 − remaining ÷ allocated × 100 (spec §3).
 * Reads the utilization row the shell pull mirrors, so it shows offline too.
 */
import { Paper, Text, Title } from '@mantine/core';
import type { UtilizationRow } from '../../store/db';
import { LazyUtilizationDoughnut } from '../../ui/charts/lazy-charts';

export function usedPercent(u: Pick<UtilizationRow, 'allocatedSize' | 'remainingSize'>): number {
  if (u.allocatedSize <= 0) return 0;
  return Math.min(100, Math.max(0, 100 - (u.remainingSize / u.allocatedSize) * 100));
}

export function UtilizationCard({ utilization }: { utilization: UtilizationRow | undefined }) {
  const used = utilization ? usedPercent(utilization) : 0;
  const slices = utilization
    ? [
        ...utilization.userUtilizationUsageResponse
          .filter((u) => u.usedSize > 0)
          .map((u) => ({ label: u.usageType, value: u.usedSize })),
        { label: 'Free', value: Math.max(0, utilization.remainingSize) },
      ]
    : [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="utilization-title">
      <Title order={2} size="h5" id="utilization-title" mb={4}>
        Utilization
      </Title>
      {utilization ? (
        <>
          <Text size="sm" c="dimmed">
            {used.toFixed(1)}% of {utilization.allocatedSize} MB used
          </Text>
          <LazyUtilizationDoughnut slices={slices} centre={`${used.toFixed(1)}%`} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No data
        </Text>
      )}
    </Paper>
  );
}
