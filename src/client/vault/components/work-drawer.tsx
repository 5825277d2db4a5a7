/**
 * The 'Work details' drawer (spec §2.8, §5 "Work"): company, position and location
 * chosen from the server's lookups; working Yes/No — the end date is required
 * ('Please select end date!') when not working and disabled when working; start
 * date and privacy required. Create or update are online-only: offline the worker
 * answers 'You are offline. …', the drawer stays open and nothing changes.
 */
import { Drawer, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEFAULT_PRIVACY_CODE } from '../../../contract/codes';
import { VAULT_MESSAGES, type LookupItem, type WorkItem } from '../../../contract/vault';
import type { WorkRow } from '../../store/db';
import { saveWork } from '../commands';
import { usePrivacies } from '../queries';
import { AnswerAlert, DateField, DrawerActions, lookupProps, PrivacySelect, useVaultSave, YesNoField } from '../../ui/form-parts';
import { LookupSelect } from './lookup-select';

type Values = {
  company: LookupItem | null;
  position: LookupItem | null;
  location: LookupItem | null;
  working: 'Yes' | 'No';
  startDate: string;
  endDate: string;
  privacyCode: string;
};

const item = (code: unknown, name: unknown): LookupItem | null =>
  typeof code === 'string' && code ? { code, name: String(name ?? '') } : null;

function valuesOf(row: WorkRow | undefined): Values {
  const w = row as Partial<WorkItem> | undefined;
  return {
    company: item(w?.companyCode, w?.companyName),
    position: item(w?.positionCode, w?.positionName),
    location: item(w?.locationCode, w?.locationName),
    working: w?.working ?? 'Yes',
    startDate: w?.startDate ?? '',
    endDate: w?.endDate ?? '',
    privacyCode: String(w?.privacyCode ?? DEFAULT_PRIVACY_CODE),
  };
}

export type WorkDrawerProps = { me: string; row?: WorkRow; opened: boolean; onClose: () => void };

export function WorkDrawer({ me, row, opened, onClose }: WorkDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={420} title="Work details">
      {/* Unmounted while closed: each opening starts from the row as it is now. */}
      <WorkForm me={me} row={row} onDone={onClose} />
    </Drawer>
  );
}

function WorkForm({ me, row, onDone }: { me: string; row?: WorkRow; onDone: () => void }) {
  const privacies = usePrivacies(me);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(row),
    validate: {
      company: (v) => (v ? null : VAULT_MESSAGES.companyRequired),
      position: (v) => (v ? null : VAULT_MESSAGES.positionRequired),
      location: (v) => (v ? null : VAULT_MESSAGES.locationRequired),
      startDate: (v) => (v ? null : VAULT_MESSAGES.startDateRequired),
      endDate: (v, values) => {
        if (values.working === 'Yes') return null;
        if (!v) return VAULT_MESSAGES.endDateRequired;
        return values.startDate && v < values.startDate ? VAULT_MESSAGES.endBeforeStart : null;
      },
      privacyCode: (v) => (v ? null : VAULT_MESSAGES.privacyRequired),
    },
  });

  const { saving, answer, save } = useVaultSave(form, onDone);
  const submit = form.onSubmit((v) =>
    save(() =>
      saveWork({
        ...(row ? { userWorkCode: row.userWorkCode } : {}),
        companyCode: v.company?.code ?? '',
        companyName: v.company?.name,
        positionCode: v.position?.code ?? '',
        positionName: v.position?.name,
        locationCode: v.location?.code ?? '',
        locationName: v.location?.name,
        working: v.working,
        startDate: v.startDate,
        endDate: v.working === 'Yes' ? '' : v.endDate,
        privacyCode: Number(v.privacyCode),
      }),
    ),
  );

  const working = form.values.working === 'Yes';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <LookupSelect kind="companies" label="Company" placeholder="Search company" {...lookupProps(form, 'company')} />
        <LookupSelect kind="positions" label="Position" placeholder="Search position" {...lookupProps(form, 'position')} />
        <LookupSelect kind="locations" label="Location" placeholder="Search location" {...lookupProps(form, 'location')} />
        <YesNoField
          label="Working"
          value={form.values.working}
          onChange={(value) => {
            form.setFieldValue('working', value === 'No' ? 'No' : 'Yes');
            // Working again: the end date no longer applies (and is not sent).
            if (value === 'Yes') form.setFieldValue('endDate', '');
            form.clearFieldError('endDate');
          }}
        />
        <DateField label="Start date" required {...form.getInputProps('startDate')} />
        <DateField label="End date" required={!working} disabled={working} {...form.getInputProps('endDate')} />
        <PrivacySelect privacies={privacies} {...form.getInputProps('privacyCode')} />
        <AnswerAlert message={answer} />
        <DrawerActions onClose={onDone} saving={saving} />
      </Stack>
    </form>
  );
}
