/**
 * The Personal Details drawer (spec §2.8, §5 "Personal": first, last and display
 * name and profession required). Validated by the contract's own schema, the same
 * one the server applies, so the form and the API cannot disagree.
 */
import { Drawer, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { personalDetailsUpdate } from '../../../contract/user';
import type { PersonalRow, ProfileRow } from '../../store/db';
import { savePersonalDetails } from '../commands';
import { useProfessions } from '../queries';
import { DrawerActions } from '../../ui/form-parts';

type Values = { firstName: string; lastName: string; displayName: string; professionCode: string };

export type PersonalDrawerProps = { me: string; details: PersonalRow | ProfileRow; opened: boolean; onClose: () => void };

const valuesOf = (d: PersonalRow | ProfileRow): Values => ({
  firstName: d.firstName,
  lastName: d.lastName,
  displayName: d.displayName,
  professionCode: d.professionCode,
});

export function PersonalDrawer({ me, details, opened, onClose }: PersonalDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={420} title="Personal Details">
      {/* The drawer unmounts its content when closed, so each opening starts from the row as it is now. */}
      <PersonalForm me={me} details={details} onDone={onClose} />
    </Drawer>
  );
}

function PersonalForm({ me, details, onDone }: { me: string; details: PersonalRow | ProfileRow; onDone: () => void }) {
  const professions = useProfessions(me);
  const [saving, setSaving] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(details),
    validate: schemaResolver(personalDetailsUpdate, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const professionName = professions.find((p) => p.professionCode === values.professionCode)?.professionName;
      await savePersonalDetails(me, {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        displayName: values.displayName.trim(),
        professionCode: values.professionCode,
        professionName: professionName ?? '',
      });
      onDone();
    } catch (error) {
      form.setErrors({ displayName: error instanceof Error ? error.message : 'Could not save.' });
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="First name" required withAsterisk {...form.getInputProps('firstName')} />
        <TextInput label="Last name" required withAsterisk {...form.getInputProps('lastName')} />
        <TextInput label="Display name" required withAsterisk {...form.getInputProps('displayName')} />
        <Select
          label="Profession"
          size="md"
          required
          withAsterisk
          searchable
          placeholder="Please Choose Profession."
          nothingFoundMessage="No data"
          data={professions.map((p) => ({ value: p.professionCode, label: p.professionName }))}
          {...form.getInputProps('professionCode')}
          // Cleared, the Select gives null; the schema wants '' to say 'Please Choose Profession.'
          onChange={(value) => form.setFieldValue('professionCode', value ?? '')}
        />
        <DrawerActions onClose={onDone} saving={saving} closeLabel="Cancel" />
      </Stack>
    </form>
  );
}
