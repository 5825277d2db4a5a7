/** Home '/' (spec §2.2): news column and the feed. */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ComposerLauncher } from '../../composer/components/composer-launcher';
import { NewsColumn } from '../../news/components/news-column';
import { FirstSteps } from '../../shell/first-steps';
import { HomeLayout } from '../../shell/home-layout';
import { Feed } from '../../entries/components/feed';
import { HOME_FILTERS } from '../../entries/components/feed-filters';

export const Route = createFileRoute('/_main/')({
  // The PWA shortcut '/?compose=entry' opens the composer; a share from another app adds
  // `share`, its id in the shares inbox (sw/share-target.ts).
  validateSearch: (search: Record<string, unknown>): { compose?: 'entry'; share?: string } =>
    search.compose === 'entry' ? { compose: 'entry', ...(typeof search.share === 'string' && search.share ? { share: search.share } : {}) } : {},
  component: Home,
});

function Home() {
  const { me } = Route.useRouteContext();
  const { compose, share } = Route.useSearch();
  const navigate = useNavigate({ from: '/' });
  // Once the share is in the composer, the address forgets it (a reload must not look for it again).
  const shareTaken = useCallback(() => void navigate({ search: { compose: 'entry' }, replace: true }), [navigate]);
  const launcher = (
    <ComposerLauncher
      me={me}
      open={compose === 'entry' ? true : undefined}
      onOpenChange={(open) => !open && compose && void navigate({ search: {} })}
      share={share}
      onShareTaken={shareTaken}
    />
  );
  return (
    <HomeLayout
      news={<NewsColumn me={me} />}
      feed={
        <>
          {launcher}
          <Feed
            me={me}
            spec={{ mode: 'all' }}
            filters={HOME_FILTERS}
            empty={<FirstSteps me={me} onCompose={() => void navigate({ search: { compose: 'entry' } })} />}
          />
        </>
      }
    />
  );
}
