/** /containers — a placeholder the spec keeps (§2.2). */
import { createFileRoute } from '@tanstack/react-router';
import { IconBriefcase } from '../../ui/icons';
import { PlaceholderScreen } from '../../ui/placeholder-screen';

export const Route = createFileRoute('/_main/containers')({
  component: Containers,
});

function Containers() {
  return <PlaceholderScreen title="Containers" icon={<IconBriefcase size={26} />} description="Collections of entries, pictures and listings you keep together and share as one." />;
}
