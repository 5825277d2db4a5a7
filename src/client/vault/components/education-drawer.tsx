/**
 * The 'Education details' drawer (spec §2.8, §5 "Education"): institute, course and
 * location from the server's lookups, graduated Yes/No, start date and privacy
 * required; the end date is optional. Online-only, like the work drawer.
 */
import { Drawer, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEFAULT_PRIVACY_CODE } from '../../../contract/codes';
import { VAULT_MESSAGES, type EducationItem, type LookupItem } from '../../../contract/vault';
import type { EducationRow } from '../../store/db';
import { saveEducation } from '../commands';
import { usePrivacies } from '../queries';
import { AnswerAlert, DateField, DrawerActions, lookupProps, PrivacySelect, useVaultSave, YesNoField } from '../../ui/form-parts';
import { LookupSelect } from './lookup-select';

type Values = {
  institute: LookupItem | null;
  course: LookupItem | null;
  location: LookupItem | null;
  graduated: 'Yes' | 'No';
  startDate: string;
  endDate: string;
  privacyCode: string;
};

const item = (code: unknown, name: unknown): LookupItem | null =>
  typeof code === 'string' && code ? { code, name: String(name ?? '') } : null;

function valuesOf(row: EducationRow | undefined): Values {
  const e = row as Partial<EducationItem> | undefined;
  return {
    institute: item(e?.instituteCode, e?.instituteName),
    course: item(e?.courseCode, e?.courseName),
    location: item(e?.locationCode, e?.locationName),
    graduated: e?.graduated ?? 'No',
    startDate: e?.startDate ?? '',
    endDate: e?.endDate ?? '',
    privacyCode: String(e?.privacyCode ?? DEFAULT_PRIVACY_CODE),
  };
}

export type EducationDrawerProps = { me: string; row?: EducationRow; opened: boolean; onClose: () => void };

export function EducationDrawer({ me, row, opened, onClose }: EducationDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={420} title="Education details">
      <EducationForm me={me} row={row} onDone={onClose} />
    </Drawer>
  );
}

function EducationForm({ me, row, onDone }: { me: string; row?: EducationRow; onDone: () => void }) {
  const privacies = usePrivacies(me);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(row),
    validate: {
      institute: (v) => (v ? null : VAULT_MESSAGES.instituteRequired),
      course: (v) => (v ? null : VAULT_MESSAGES.courseRequired),
      location: (v) => (v ? null : VAULT_MESSAGES.locationRequired),
      startDate: (v) => (v ? null : VAULT_MESSAGES.startDateRequired),
      endDate: (v, values) => (v && values.startDate && v < values.startDate ? VAULT_MESSAGES.endBeforeStart : null),
      privacyCode: (v) => (v ? null : VAULT_MESSAGES.privacyRequired),
    },
  });

  const { saving, answer, save } = useVaultSave(form, onDone);
  const submit = form.onSubmit((v) =>
    save(() =>
      saveEducation({
        ...(row ? { userEduCode: row.userEduCode } : {}),
        instituteCode: v.institute?.code ?? '',
        instituteName: v.institute?.name,
        courseCode: v.course?.code ?? '',
        courseName: v.course?.name,
        locationCode: v.location?.code ?? '',
        locationName: v.location?.name,
        graduated: v.graduated,
        startDate: v.startDate,
        endDate: v.endDate,
        privacyCode: Number(v.privacyCode),
      }),
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <LookupSelect kind="institutes" label="Institute" placeholder="Search institute" {...lookupProps(form, 'institute')} />
        <LookupSelect kind="courses" label="Course" placeholder="Search course" {...lookupProps(form, 'course')} />
        <LookupSelect kind="locations" label="Location" placeholder="Search location" {...lookupProps(form, 'location')} />
        <YesNoField
          label="Graduated"
          value={form.values.graduated}
          onChange={(value) => form.setFieldValue('graduated', value === 'Yes' ? 'Yes' : 'No')}
        />
        <DateField label="Start date" required {...form.getInputProps('startDate')} />
        <DateField label="End date" {...form.getInputProps('endDate')} />
        <PrivacySelect privacies={privacies} {...form.getInputProps('privacyCode')} />
        <AnswerAlert message={answer} />
        <DrawerActions onClose={onDone} saving={saving} />
      </Stack>
    </form>
  );
}
