/**
 * The Statics card (spec §2.7): the spec gives it fixed sample figures — reported
 * 10% and an overall rate of 3.9 out of 5 — and no call that would answer real ones.
 */
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { RatingStars } from '../../ui/rating-stars';

const REPORTED_PERCENT = 10;
const OVERALL_RATE = 3.9;
const RATE_SCALE = 5;

export function StaticsCard() {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="statics-title">
      <Title order={2} size="h5" id="statics-title" mb="sm">
        Statics
      </Title>
      <Stack gap="sm">
        <div>
          <Group justify="space-between">
            <Text size="sm">Reported</Text>
            <Text size="sm" fw={700}>
              {REPORTED_PERCENT}%
            </Text>
          </Group>
          <Progress value={REPORTED_PERCENT} color="red" size="sm" aria-label={`Reported ${REPORTED_PERCENT}%`} />
        </div>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">Overall rate</Text>
          <Group gap={6} wrap="nowrap">
            <RatingStars value={OVERALL_RATE} count={RATE_SCALE} />
            <Text size="sm" fw={700}>
              {OVERALL_RATE} / {RATE_SCALE}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
