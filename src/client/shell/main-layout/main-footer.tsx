/** The footer (spec §2.3): storage 'Used Size' with a progress bar, and the copyright line. */
import { Group, Progress, Text } from '@mantine/core';
import type { UtilizationRow } from '../../store/db';

/** Used percent = 100 − remaining ÷ allocated × 100, clamped; nothing allocated reads as 0 %. */
export function usedPercent(u: Pick<UtilizationRow, 'allocatedSize' | 'remainingSize'>): number {
  if (!(u.allocatedSize > 0)) return 0;
  const used = 100 - (u.remainingSize / u.allocatedSize) * 100;
  return Math.min(100, Math.max(0, Math.round(used * 10) / 10));
}

/** What the footer says: a little used is not '0%' (a few pictures of a 1 GB plan round to 0). */
export function usedLabel(u: Pick<UtilizationRow, 'allocatedSize' | 'remainingSize'>): string {
  const percent = usedPercent(u);
  return percent === 0 && u.allocatedSize > 0 && u.remainingSize < u.allocatedSize ? '< 0.1%' : `${percent}%`;
}

export function MainFooter({ utilization }: { utilization: UtilizationRow | undefined }) {
  const percent = utilization ? usedPercent(utilization) : undefined;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="xs" wrap="nowrap" style={{ flex: 1, maxWidth: 360 }}>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Used Size {utilization ? usedLabel(utilization) : '…'}
        </Text>
        <Progress
          value={percent ?? 0}
          size="sm"
          radius="xl"
          style={{ flex: 1 }}
          color={percent !== undefined && percent >= 90 ? 'red' : undefined}
          aria-label="Used storage"
        />
      </Group>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        © 2020 Billionett
      </Text>
    </Group>
  );
}
