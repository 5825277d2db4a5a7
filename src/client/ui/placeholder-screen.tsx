/**
 * A screen the spec keeps a place for before it has content (spec §2.2: "Empty placeholder
 * routes exist for common, containers and news"): titled, inside the main layout, saying what
 * it is for and offering the way on (docs/decisions/0075-placeholder-screens.md).
 */
import { Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { HrefLink } from './href-link';
import { PageTitle } from './page-title';

export type PlaceholderScreenProps = { title: string; description: string; icon?: ReactNode; children?: ReactNode };

export function PlaceholderScreen({ title, description, icon, children }: PlaceholderScreenProps) {
  useDocumentTitle(`${title} · Billionett`);
  return (
    <Stack gap="md" maw={960} mx="auto">
      <PageTitle title={title} />
      {children}
      <EmptyState title="Coming to Billionett" description={description} icon={icon} />
      <Button component={HrefLink} href="/" variant="light" style={{ alignSelf: 'center' }}>
        Go home
      </Button>
    </Stack>
  );
}
