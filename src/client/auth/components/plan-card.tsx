/**
 * One subscription plan as a radio card (spec/product.md §3 Plan): name, price,
 * duration and features. The featured plan (the middle one) stands out.
 */
import { Badge, Group, List, Radio, Stack, Text } from '@mantine/core';
import type { Plan } from '../../../contract/masters';

/** "USD 120" → "$120"; an unknown currency code is shown as given. */
export function formatPrice(currency: string, amount: number): string {
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  } catch {
    return `${currency} ${amount}`;
  }
}

export function PlanCard({ plan, featured, checked }: { plan: Plan; featured: boolean; checked: boolean }) {
  return (
    <Radio.Card
      value={plan.planCode}
      radius="lg"
      p="md"
      h="100%"
      pos="relative"
      aria-label={`${plan.planName} plan, ${formatPrice(plan.currency, plan.amount)} ${plan.duration}`}
      style={{
        borderWidth: checked || featured ? 2 : 1,
        borderColor: checked
          ? 'var(--mantine-color-brand-7)'
          : featured
            ? 'var(--mantine-color-gold-5)'
            : undefined,
        background: checked ? 'var(--mantine-color-brand-0)' : undefined,
      }}
    >
      {featured ? (
        <Badge
          color="gold.5"
          c="brand.9"
          variant="filled"
          size="sm"
          pos="absolute"
          top={-10}
          left="50%"
          style={{ transform: 'translateX(-50%)' }}
        >
          Featured
        </Badge>
      ) : null}
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Radio.Indicator />
          <Text fw={700} fz="lg" tt="capitalize">
            {plan.planName}
          </Text>
        </Group>
        <Group gap={6} align="baseline">
          <Text fz={28} fw={800} lh={1}>
            {formatPrice(plan.currency, plan.amount)}
          </Text>
          <Text c="dimmed" fz="sm">
            {plan.duration}
          </Text>
        </Group>
        {plan.planFeatures.length > 0 ? (
          <List size="sm" spacing={4} c="dimmed">
            {plan.planFeatures.map((feature) => (
              <List.Item key={feature.featureName}>
                {feature.featureName}: <b>{feature.featureValue}</b>
              </List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Radio.Card>
  );
}
