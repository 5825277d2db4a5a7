/** Home '/' (spec §2.2): news column and the feed. */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ComposerLauncher } from '../../composer/components/composer-launcher';
import { NewsColumn } from '../../news/components/news-column';
import { HomeLayout } from '../../shell/home-layout';
import { Feed } from '../../entries/components/feed';
import { HOME_FILTERS } from '../../entries/components/feed-filters';

export const Route = createFileRoute('/_main/')({
  // The PWA shortcut '/?compose=entry' opens the composer.
  validateSearch: (search: Record<string, unknown>): { compose?: 'entry' } => (search.compose === 'entry' ? { compose: 'entry' } : {}),
  component: Home,
});

function Home() {
  const { me } = Route.useRouteContext();
  const { compose } = Route.useSearch();
  const navigate = useNavigate({ from: '/' });
  const launcher = (
    <ComposerLauncher me={me} open={compose === 'entry' ? true : undefined} onOpenChange={(open) => !open && compose && void navigate({ search: {} })} />
  );
  return (
    <HomeLayout
      news={<NewsColumn />}
      feed={
        <>
          {launcher}
          <Feed me={me} spec={{ mode: 'all' }} filters={HOME_FILTERS} />
        </>
      }
    />
  );
}
