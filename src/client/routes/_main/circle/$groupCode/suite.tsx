/** /circle/$groupCode/suite (spec §2.4, §2.7): a circle's suite — its feed in mode circle, and the composer for its members. */
import { createFileRoute } from '@tanstack/react-router';
import { STATUS_ACTIVE } from '../../../../../contract/codes';
import { DescriptionEdit } from '../../../../circles/components/description-edit';
import { GroupSuiteScreen } from '../../../../circles/components/group-suite-screen';
import { InviteFriendsPanel } from '../../../../circles/components/invite-friends-panel';
import { postTarget, useGroup } from '../../../../circles/queries';
import { ComposerLauncher } from '../../../../composer/components/composer-launcher';
import { Feed } from '../../../../entries/components/feed';
import { SUITE_FILTERS } from '../../../../entries/components/feed-filters';

export const Route = createFileRoute('/_main/circle/$groupCode/suite')({
  component: CircleSuite,
});

function CircleSuite() {
  const { me } = Route.useRouteContext();
  const { groupCode } = Route.useParams();
  const view = useGroup(me, 'circle', groupCode)?.view;
  const target = postTarget('circle', groupCode, view);
  return (
    <GroupSuiteScreen
      code={groupCode}
      view={view}
      composer={target && <ComposerLauncher me={me} target={target} />}
      aside={view?.standing === 'owner' && view.statusCode === STATUS_ACTIVE ? <InviteFriendsPanel me={me} groupCode={groupCode} /> : undefined}
      aboutAction={view?.standing === 'owner' ? <DescriptionEdit me={me} kind="circle" code={groupCode} /> : undefined}
      feed={<Feed me={me} spec={{ mode: 'circle', code: groupCode }} filters={SUITE_FILTERS} verticalFilters />}
    />
  );
}
