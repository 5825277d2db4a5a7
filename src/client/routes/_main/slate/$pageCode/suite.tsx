/** /slate/$pageCode/suite (spec §2.4, §2.7): a slate's suite — its feed in mode slate, and the composer for its admin. */
import { createFileRoute } from '@tanstack/react-router';
import { DescriptionEdit } from '../../../../circles/components/description-edit';
import { GroupSuiteScreen } from '../../../../circles/components/group-suite-screen';
import { postTarget, useGroup } from '../../../../circles/queries';
import { ComposerLauncher } from '../../../../composer/components/composer-launcher';
import { Feed } from '../../../../entries/components/feed';
import { SUITE_FILTERS } from '../../../../entries/components/feed-filters';

export const Route = createFileRoute('/_main/slate/$pageCode/suite')({
  component: SlateSuite,
});

function SlateSuite() {
  const { me } = Route.useRouteContext();
  const { pageCode } = Route.useParams();
  const view = useGroup(me, 'slate', pageCode)?.view;
  const target = postTarget('slate', pageCode, view);
  return (
    <GroupSuiteScreen
      code={pageCode}
      view={view}
      composer={target && <ComposerLauncher me={me} target={target} />}
      aboutAction={view?.standing === 'owner' ? <DescriptionEdit me={me} kind="slate" code={pageCode} /> : undefined}
      feed={<Feed me={me} spec={{ mode: 'slate', code: pageCode }} filters={SUITE_FILTERS} verticalFilters />}
    />
  );
}
