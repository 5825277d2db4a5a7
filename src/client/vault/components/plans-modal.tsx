/**
 * Change Plan (spec §2.8): the plans of the master list when cached, else the
 * member's own plan, with the current one marked. Switching plans has no call in
 * the spec yet, so nothing here offers to switch.
 */
import { Badge, Card, List, Modal, SimpleGrid, Text } from '@mantine/core';
import type { Plan } from '../../../contract/masters';
import { usePlanList } from '../queries';

export type PlansModalProps = { me: string; current: Plan; opened: boolean; onClose: () => void };

export function PlansModal({ me, current, opened, onClose }: PlansModalProps) {
  const plans = usePlanList(me) ?? [current];
  return (
    <Modal opened={opened} onClose={onClose} title="Change Plan" size={plans.length > 1 ? 'xl' : 'sm'} centered>
      <SimpleGrid cols={{ base: 1, sm: Math.min(3, plans.length) }} spacing="md">
        {plans.map((plan) => {
          const isCurrent = plan.planCode === current.planCode;
          return (
            <Card key={plan.planCode} withBorder radius="md" padding="md" aria-current={isCurrent || undefined}>
              <Text fw={800} fz="lg" tt="capitalize">
                {plan.planName}
              </Text>
              <Text size="sm" c="dimmed">
                {plan.currency} {plan.amount} / {plan.duration}
              </Text>
              {isCurrent && (
                <Badge mt="xs" variant="light">
                  Current plan
                </Badge>
              )}
              <List size="sm" mt="sm" spacing={4}>
                {plan.planFeatures.map((f) => (
                  <List.Item key={f.featureName}>
                    {f.featureName}: {f.featureValue}
                  </List.Item>
                ))}
              </List>
            </Card>
          );
        })}
      </SimpleGrid>
    </Modal>
  );
}
