/** /news — the spec's placeholder (§2.2), holding the live news the home column shows meanwhile. */
import { createFileRoute } from '@tanstack/react-router';
import { NewsColumn } from '../../news/components/news-column';
import { IconNews } from '../../ui/icons';
import { PlaceholderScreen } from '../../ui/placeholder-screen';

export const Route = createFileRoute('/_main/news')({
  component: News,
});

function News() {
  const { me } = Route.useRouteContext();
  return (
    <PlaceholderScreen title="News" icon={<IconNews size={26} />} description="A page of its own for news, with more than the latest headlines.">
      <NewsColumn me={me} title="Latest news" />
    </PlaceholderScreen>
  );
}
