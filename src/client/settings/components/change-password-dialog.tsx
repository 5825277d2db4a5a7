/**
 * Change password (issue 29): the current one, a new one under the spec's rule, and the
 * offer to sign every other device out — on by default, as a member changing their
 * password after a scare would want. Online only; the server's field errors land on the fields.
 */
import { Button, Checkbox, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import { changePasswordRequest, SESSION_TEXT, type ChangePasswordRequest } from '../../../contract/sessions';
import { NewPasswordInput } from '../../ui/new-password-input';
import { sync } from '../../sync/client';

export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={SESSION_TEXT.changePassword} centered>
      {opened && <ChangePasswordForm onDone={onClose} />}
    </Modal>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [saving, setSaving] = useState(false);
  const form = useForm<ChangePasswordRequest>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', endOthers: true },
    validate: schemaResolver(changePasswordRequest, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    const answer = await sync.changePassword(values);
    setSaving(false);
    if (answer.ok) {
      notifications.show({ color: 'teal', message: SESSION_TEXT.passwordChanged, autoClose: TOAST_MS });
      onDone();
      return;
    }
    const fields = answer.errors ?? {};
    for (const [field, messages] of Object.entries(fields)) form.setFieldError(field, messages[0]);
    if (Object.keys(fields).length === 0) form.setFieldError('currentPassword', answer.message);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput label="Current password" autoComplete="current-password" data-autofocus {...form.getInputProps('currentPassword')} />
        <NewPasswordInput label="New password" {...form.getInputProps('newPassword')} />
        <Checkbox label={SESSION_TEXT.endOthersToo} {...form.getInputProps('endOthers', { type: 'checkbox' })} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {SESSION_TEXT.changePassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
