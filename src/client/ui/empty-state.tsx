/** The spec's empty states (§2.14): one title, an optional line and icon, centred. */
import { EmptyState as MantineEmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

export type EmptyStateProps = { title: string; description?: ReactNode; icon?: ReactNode; size?: 'sm' | 'md' };

export function EmptyState({ title, description, icon, size = 'md' }: EmptyStateProps) {
  return (
    <MantineEmptyState
      py="xl"
      size={size}
      title={title}
      description={description}
      icon={icon}
      withIndicatorBackground={Boolean(icon)}
    />
  );
}
