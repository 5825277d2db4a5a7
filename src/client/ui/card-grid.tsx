/**
 * The grid of cards: member cards 6 of 24 columns on desktop (4 a row), 8 on tablets,
 * 12 (2 a row) on phones; `wide` cards (barter, spec: 8 of 24) 3 a row on desktop, 2 on
 * tablets, 1 on phones.
 */
import { Grid } from '@mantine/core';
import type { ReactNode } from 'react';

export function CardGrid({ children, label, wide }: { children: ReactNode[]; label: string; wide?: boolean }) {
  const span = wide ? { base: 24, sm: 12, lg: 8 } : { base: 12, sm: 8, lg: 6 };
  return (
    <Grid columns={24} gap="sm" role="list" aria-label={label}>
      {children.map((child, i) => (
        <Grid.Col key={i} span={span} role="listitem">
          {child}
        </Grid.Col>
      ))}
    </Grid>
  );
}
