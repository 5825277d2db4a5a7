/** /barter (spec §2.11): 'Barter Service'; the listings come with the barter issue. */
import { Paper } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../ui/empty-state';
import { IconBarter } from '../../ui/icons';
import { PageTitle } from '../../ui/page-title';

export const Route = createFileRoute('/_main/barter')({
  component: Barter,
});

function Barter() {
  return (
    <>
      <PageTitle title="Barter Service" />
      <Paper withBorder radius="md" p="md">
        <EmptyState title="No Barter found..." icon={<IconBarter size={26} />} />
      </Paper>
    </>
  );
}
