/** /suite (spec §2.7): the own suite. */
import { createFileRoute } from '@tanstack/react-router';
import { SuiteScreen } from '../../../suite/components/suite-screen';
import { Feed } from '../../../entries/components/feed';
import { ComposerLauncher } from '../../../composer/components/composer-launcher';
import { SUITE_FILTERS } from '../../../entries/components/feed-filters';

export const Route = createFileRoute('/_main/suite/')({
  component: Suite,
});

function Suite() {
  const { me } = Route.useRouteContext();
  const feed = <Feed me={me} spec={{ mode: 'user', userCode: me }} filters={SUITE_FILTERS} verticalFilters />;
  return (
    <SuiteScreen
      me={me}
      feed={
        <>
          <ComposerLauncher me={me} />
          {feed}
        </>
      }
    />
  );
}
