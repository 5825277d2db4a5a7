/**
 * The own vault (spec §2.8): personal details and the membership banner. Work and
 * education panels come with the vault issue.
 */
import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { refreshPersonal } from '../commands';
import { useMyPlan, usePersonalDetails } from '../queries';
import { MembershipBanner } from './membership-banner';
import { PersonalPanel } from './personal-panel';

export function VaultScreen({ me }: { me: string }) {
  const details = usePersonalDetails(me);
  const plan = useMyPlan(me);
  useEffect(() => refreshPersonal(me), [me]);
  return (
    <Stack gap="md" maw={960} mx="auto">
      {plan && <MembershipBanner me={me} plan={plan} />}
      {details && <PersonalPanel me={me} details={details} />}
    </Stack>
  );
}
