/**
 * The vault's work and education sections (spec §2.8), own (editable) or another
 * member's (read-only). A list the owner hides (accessCode 106) shows the privacy
 * picture by the owner's gender instead.
 */
import { Paper, Title } from '@mantine/core';
import { ACCESS_RESTRICTED } from '../../../contract/codes';
import type { EducationItem, WorkItem } from '../../../contract/vault';
import type { EducationRow, WorkRow } from '../../store/db';
import { PrivacyPicture } from '../../ui/privacy-picture';
import { deleteEducation, deleteWork } from '../commands';
import { useEducations, usePrivacies, useWorks } from '../queries';
import { EducationDrawer } from './education-drawer';
import { VaultItems, type ItemField } from './vault-items';
import { WorkDrawer } from './work-drawer';

type W = WorkRow & Partial<WorkItem>;
type E = EducationRow & Partial<EducationItem>;

const WORK_FIELDS: ItemField<W>[] = [
  { label: 'Company', value: (r) => r.companyName },
  { label: 'Position', value: (r) => r.positionName },
  { label: 'Location', value: (r) => r.locationName },
  { label: 'Start date', value: (r) => r.startDate, nowrap: true },
  // spec §3: "empty means Working".
  { label: 'End date', value: (r) => (r.working === 'Yes' || !r.endDate ? 'Working' : r.endDate), nowrap: true },
];

const EDUCATION_FIELDS: ItemField<E>[] = [
  { label: 'Institute', value: (r) => r.instituteName },
  { label: 'Course', value: (r) => r.courseName },
  { label: 'Location', value: (r) => r.locationName },
  { label: 'Graduated', value: (r) => r.graduated },
  { label: 'Start date', value: (r) => r.startDate, nowrap: true },
  { label: 'End date', value: (r) => r.endDate, nowrap: true },
];

/** genderKnown: false while the owner's gender is still on its way (own vault: never hidden). */
export type VaultListsProps = { me: string; userCode: string; gender?: string; genderKnown?: boolean };

function Hidden({ title, gender, genderKnown }: { title: string; gender?: string; genderKnown: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {genderKnown && <PrivacyPicture gender={gender} />}
    </Paper>
  );
}

export function WorkSection({ me, userCode, gender, genderKnown = true }: VaultListsProps) {
  const list = useWorks(me, userCode);
  const privacies = usePrivacies(me);
  const own = me === userCode;
  if (list.accessCode === ACCESS_RESTRICTED) return <Hidden title="Work" gender={gender} genderKnown={genderKnown} />;
  return (
    <VaultItems<W>
      me={me}
      title="All works"
      currentTitle="Current work"
      noun="work"
      rows={list.rows as W[]}
      fields={WORK_FIELDS}
      codeOf={(r) => r.userWorkCode}
      nameOf={(r) => `${r.positionName ?? ''} at ${r.companyName ?? ''}`}
      privacyKind="work.privacy"
      privacies={privacies}
      readOnly={!own}
      onDelete={deleteWork}
      Drawer={WorkDrawer}
    />
  );
}

export function EducationSection({ me, userCode, gender, genderKnown = true }: VaultListsProps) {
  const list = useEducations(me, userCode);
  const privacies = usePrivacies(me);
  const own = me === userCode;
  if (list.accessCode === ACCESS_RESTRICTED) return <Hidden title="Education" gender={gender} genderKnown={genderKnown} />;
  return (
    <VaultItems<E>
      me={me}
      title="All educations"
      currentTitle="Current education"
      noun="education"
      rows={list.rows as E[]}
      fields={EDUCATION_FIELDS}
      codeOf={(r) => r.userEduCode}
      nameOf={(r) => `${r.courseName ?? ''} at ${r.instituteName ?? ''}`}
      privacyKind="education.privacy"
      privacies={privacies}
      readOnly={!own}
      onDelete={deleteEducation}
      Drawer={EducationDrawer}
    />
  );
}
