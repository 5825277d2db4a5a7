/** entry/{type} (spec §2.2): the full-screen entry viewer; `code` names the entry. Closing goes back. */
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { EntryViewer } from '../../entries/components/entry-viewer';

export const Route = createFileRoute('/_main/entry/$type')({
  validateSearch: (search: Record<string, unknown>): { code?: string } =>
    typeof search.code === 'string' ? { code: search.code } : {},
  component: Entry,
});

function Entry() {
  const { me } = Route.useRouteContext();
  const { type } = Route.useParams();
  const { code } = Route.useSearch();
  const router = useRouter();
  return <EntryViewer me={me} type={type} code={code} onClose={() => router.history.back()} />;
}
