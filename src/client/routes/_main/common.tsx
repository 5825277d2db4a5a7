/** /common — a placeholder the spec keeps (§2.2). */
import { createFileRoute } from '@tanstack/react-router';
import { IconUsers } from '../../ui/icons';
import { PlaceholderScreen } from '../../ui/placeholder-screen';

export const Route = createFileRoute('/_main/common')({
  component: Common,
});

function Common() {
  return <PlaceholderScreen title="Common" icon={<IconUsers size={26} />} description="A common room for every member: what the whole community shares, beyond your billionetts, circles and slates." />;
}
