/**
 * The grid of member cards: 6 of 24 columns on desktop (4 a row), 8 on tablets,
 * 12 (2 a row) on phones.
 */
import { Grid } from '@mantine/core';
import type { ReactNode } from 'react';

export function CardGrid({ children, label }: { children: ReactNode[]; label: string }) {
  return (
    <Grid columns={24} gap="sm" role="list" aria-label={label}>
      {children.map((child, i) => (
        <Grid.Col key={i} span={{ base: 12, sm: 8, lg: 6 }} role="listitem">
          {child}
        </Grid.Col>
      ))}
    </Grid>
  );
}
