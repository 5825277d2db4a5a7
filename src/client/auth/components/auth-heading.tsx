import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** A public screen's heading: what this page is for, in one line. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} fz={{ base: 26, sm: 30 }} lh={1.2}>
        {title}
      </Title>
      {children ? (
        <Text c="dimmed" fz="sm">
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
