/**
 * The own suite page (spec §2.7): the profile picture card, the about box, the
 * billionetts-by-category pie, the Utilization doughnut and the Statics card beside
 * the feed. All from Dexie: the suite opens offline.
 */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useProfile, useUtilization } from '../queries';
import { AboutBox } from './about-box';
import { FriendsCard } from './friends-card';
import { StaticsCard } from './statics-card';
import { UtilizationCard } from './utilization-card';
import { ProfileCard } from './profile-card';
import classes from '../../ui/suite-grid.module.css';

export function SuiteScreen({ me, feed }: { me: string; feed: ReactNode }) {
  // The main layout renders pages only once the profile is cached, so this is brief.
  const profile = useProfile(me);
  const utilization = useUtilization(me);
  if (!profile) return null;
  return (
    <div className={classes.grid}>
      <Stack gap="md" className={classes.side}>
        <ProfileCard profile={profile} />
        <AboutBox me={me} about={profile.about} />
        <FriendsCard me={me} userCode={me} />
        <UtilizationCard utilization={utilization} />
        <StaticsCard />
      </Stack>
      <div>{feed}</div>
    </div>
  );
}
