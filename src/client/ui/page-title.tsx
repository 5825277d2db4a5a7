/** A page's heading row: the title and optional actions on the right. */
import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
