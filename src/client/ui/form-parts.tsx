/**
 * Pieces the vault drawers share: the Yes/No radio, the privacy select, the dates,
 * the server-answer alert, the Close/Save actions, the save lifecycle, and how a
 * CallResult's field errors land on the form (the server's 400 names fields as
 * `body.<field>`).
 */
import { Alert, Button, Group, Radio, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import type { Privacy } from '../../contract/masters';
import type { LookupItem } from '../../contract/vault';
import type { CallResult } from '../sync/api';
import { IconAlert } from './icons';

export function YesNoField({ label, ...props }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <Radio.Group label={label} {...props}>
      <Group mt={4}>
        <Radio value="Yes" label="Yes" />
        <Radio value="No" label="No" />
      </Group>
    </Radio.Group>
  );
}

export function PrivacySelect({ privacies, ...props }: { privacies: Privacy[] } & Record<string, unknown>) {
  return (
    <Select
      label="Privacy"
      size="md"
      placeholder="Please select privacy"
      required
      withAsterisk
      allowDeselect={false}
      data={privacies.map((p) => ({ value: String(p.privacyCode), label: p.privacyName }))}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}

export function DateField(props: { label: string; required?: boolean; disabled?: boolean } & Record<string, unknown>) {
  return <TextInput type="date" withAsterisk={props.required} {...props} />;
}

export function AnswerAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlert size={18} />} role="alert" p="sm">
      {message}
    </Alert>
  );
}

/** Put a refused answer's field errors on the form; returns the message for the alert. */
export function applyAnswer<V>(form: UseFormReturnType<V>, result: CallResult<unknown>): string | undefined {
  if (result.ok) return undefined;
  if (result.errors) {
    const errors: Record<string, string> = {};
    for (const [key, messages] of Object.entries(result.errors)) {
      const field = key.replace(/^body\./, '').replace(/^(company|position|location|institute|course)Code$/, '$1');
      if (messages[0]) errors[field] = messages[0];
    }
    form.setErrors(errors);
  }
  return result.message;
}

/** A lookup field bound to the form: its value, change and error. */
export function lookupProps<V extends Record<string, unknown>>(
  form: { values: V; setFieldValue: (k: never, v: never) => void; errors: Record<string, React.ReactNode> },
  field: keyof V & string,
) {
  return {
    value: form.values[field] as LookupItem | null,
    onChange: (value: LookupItem | null) => form.setFieldValue(field as never, value as never),
    error: form.errors[field],
  };
}

/** The drawer's footer: close (or cancel) on the left of Save, disabled while saving. */
export function DrawerActions({ onClose, saving, closeLabel = 'Close' }: { onClose: () => void; saving: boolean; closeLabel?: string }) {
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onClose} disabled={saving}>
        {closeLabel}
      </Button>
      <Button type="submit" loading={saving}>
        Save
      </Button>
    </Group>
  );
}

/**
 * One save of an online-only form (vault, circles and slates): `saving` while the call runs; on success the
 * drawer closes (onDone); a refusal puts field errors on the form and the message in
 * `answer`; a thrown error (worker gone) shows its message.
 */
export function useVaultSave<V>(form: UseFormReturnType<V>, onDone: () => void) {
  const [saving, setSaving] = useState(false);
  const [answer, setAnswer] = useState<string>();
  const save = async (call: () => Promise<CallResult<unknown>>) => {
    setSaving(true);
    setAnswer(undefined);
    try {
      const result = await call();
      if (result.ok) onDone();
      else setAnswer(applyAnswer(form, result));
    } catch (error) {
      setAnswer(error instanceof Error ? error.message : 'Could not save.');
    } finally {
      setSaving(false);
    }
  };
  return { saving, answer, save };
}
