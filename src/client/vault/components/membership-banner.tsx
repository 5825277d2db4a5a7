/** The membership banner (spec §2.8): the member's plan and a Change Plan button. */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { PlanRow } from '../../store/db';
import { IconCrown } from '../../ui/icons';
import { PlansModal } from './plans-modal';
import classes from './membership-banner.module.css';

export function MembershipBanner({ me, plan }: { me: string; plan: PlanRow }) {
  const [opened, modal] = useDisclosure(false);
  const name = plan.planName.toLowerCase();
  return (
    <Paper radius="md" p="lg" className={classes.banner} data-plan={name} component="section" aria-label="Membership">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <span className={classes.gem} aria-hidden="true">
            <IconCrown size={26} />
          </span>
          <Stack gap={2}>
            <Text size="xs" tt="uppercase" fw={700} className={classes.muted}>
              Membership
            </Text>
            <Group gap="xs">
              <Text fw={800} fz="xl" tt="capitalize">
                {plan.planName}
              </Text>
              <Badge variant="white" color="dark" size="sm">
                {plan.currency} {plan.amount} / {plan.duration}
              </Badge>
            </Group>
            {plan.endDate && (
              <Text size="sm" className={classes.muted}>
                Valid until {plan.endDate.slice(0, 10)}
              </Text>
            )}
          </Stack>
        </Group>
        <Button variant="white" color="dark" onClick={modal.open}>
          Change Plan
        </Button>
      </Group>
      <PlansModal me={me} current={plan} opened={opened} onClose={modal.close} />
    </Paper>
  );
}
