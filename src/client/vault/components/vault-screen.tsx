/**
 * The own vault (spec §2.8): membership banner, personal details, current work and
 * education with add/edit, and the tables of all items. Everything reads Dexie, so
 * the vault opens offline with what the device last saw; the lists refresh on open.
 */
import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { refreshPersonal, refreshVaultLists } from '../commands';
import { useMyPlan, usePersonalDetails } from '../queries';
import { MembershipBanner } from './membership-banner';
import { PersonalPanel } from './personal-panel';
import { EducationSection, WorkSection } from './vault-lists';

export function VaultScreen({ me }: { me: string }) {
  const details = usePersonalDetails(me);
  const plan = useMyPlan(me);
  useEffect(() => {
    refreshPersonal(me);
    refreshVaultLists(me);
  }, [me]);
  return (
    <Stack gap="md" maw={960} mx="auto">
      {plan && <MembershipBanner me={me} plan={plan} />}
      {details && <PersonalPanel me={me} details={details} />}
      <WorkSection me={me} userCode={me} />
      <EducationSection me={me} userCode={me} />
    </Stack>
  );
}
