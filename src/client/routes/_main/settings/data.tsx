/** /settings/data — 'Download your data' (issue 29). */
import { createFileRoute } from '@tanstack/react-router';
import { DataExportScreen } from '../../../settings/components/data-export-screen';

export const Route = createFileRoute('/_main/settings/data')({
  component: Data,
});

function Data() {
  const { me } = Route.useRouteContext();
  return <DataExportScreen me={me} />;
}
