/** /entries/$postCode: one entry, opened from a bulletin or a link; read from Dexie, pulled by the worker. */
import { createFileRoute } from '@tanstack/react-router';
import { EntryScreen } from '../../entries/components/entry-screen';

export const Route = createFileRoute('/_main/entries/$postCode')({
  component: Entry,
});

function Entry() {
  const { me } = Route.useRouteContext();
  const { postCode } = Route.useParams();
  return <EntryScreen me={me} postCode={postCode} />;
}
