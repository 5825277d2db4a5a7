/**
 * Another member's suite page (spec §2.7): their billionetts by category beside the
 * feed (the profile card is the layout's). When they hide their suite (access 106),
 * the privacy picture by gender shows instead.
 */
import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ACCESS_RESTRICTED } from '../../../contract/codes';
import { PrivacyPicture } from '../../ui/privacy-picture';
import { useMemberView } from '../member-queries';
import { FriendsCard } from './friends-card';
import classes from '../../ui/suite-grid.module.css';

export function MemberSuiteScreen({ me, userCode, feed }: { me: string; userCode: string; feed: ReactNode }) {
  const view = useMemberView(me, userCode);
  const suiteHidden = view?.personal?.userPrivacyResponse.some(
    (r) => r.featureName === 'suite' && r.privacyResponseCode === ACCESS_RESTRICTED,
  );
  if (suiteHidden) {
    return (
      <Paper withBorder radius="md" p="md">
        <PrivacyPicture gender={view?.profile?.gender} />
      </Paper>
    );
  }
  return (
    <div className={classes.grid}>
      <Stack gap="md" className={classes.side}>
        <FriendsCard me={me} userCode={userCode} />
      </Stack>
      <div>{feed}</div>
    </div>
  );
}
