/**
 * Another member's vault (spec §2.8: read-only): their personal details, work and
 * education as the server lets this member see them. Where the owner hides a part
 * (accessCode 106) the privacy picture by their gender shows instead. Read from
 * Dexie, so a vault visited before opens offline.
 */
import { Paper, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { PrivacyPicture } from '../../ui/privacy-picture';
import { refreshVaultLists } from '../commands';
import { useMemberPersonal } from '../queries';
import { PersonalFields } from './personal-panel';
import { EducationSection, WorkSection } from './vault-lists';

export function MemberVaultScreen({ me, userCode }: { me: string; userCode: string }) {
  const member = useMemberPersonal(me, userCode);
  useEffect(() => refreshVaultLists(userCode), [userCode]);
  const gender = member?.profile?.gender ?? member?.personal?.gender;
  const known = member?.genderKnown ?? false;
  const details = member?.personal;
  return (
    <Stack gap="md" maw={960} mx="auto">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="member-personal-title">
        <Title order={2} size="h4" id="member-personal-title" mb="sm">
          Personal Details
        </Title>
        {details ? (
          <PersonalFields details={details} />
        ) : (
          member?.hidden && <PrivacyPicture gender={gender} />
        )}
      </Paper>
      <WorkSection me={me} userCode={userCode} gender={gender} genderKnown={known} />
      <EducationSection me={me} userCode={userCode} gender={gender} genderKnown={known} />
    </Stack>
  );
}
