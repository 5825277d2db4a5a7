/**
 * The own suite page (spec §2.7): the profile picture card and the about box
 * beside the feed. The charts and cards of §2.7 come with their issues.
 */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useProfile } from '../queries';
import { AboutBox } from './about-box';
import { ProfileCard } from './profile-card';
import classes from './suite-screen.module.css';

export function SuiteScreen({ me, feed }: { me: string; feed: ReactNode }) {
  // The main layout renders pages only once the profile is cached, so this is brief.
  const profile = useProfile(me);
  if (!profile) return null;
  return (
    <div className={classes.grid}>
      <Stack gap="md" className={classes.side}>
        <ProfileCard profile={profile} />
        <AboutBox me={me} about={profile.about} />
      </Stack>
      <div>{feed}</div>
    </div>
  );
}
