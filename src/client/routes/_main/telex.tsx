/** /telex (spec §2.12): 'Telex'; the chat comes with the telex issue. */
import { Paper } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../ui/empty-state';
import { IconTelex } from '../../ui/icons';
import { PageTitle } from '../../ui/page-title';

export const Route = createFileRoute('/_main/telex')({
  component: Telex,
});

function Telex() {
  return (
    <>
      <PageTitle title="Telex" />
      <Paper withBorder radius="md" p="md">
        <EmptyState title="No data" icon={<IconTelex size={26} />} />
      </Paper>
    </>
  );
}
