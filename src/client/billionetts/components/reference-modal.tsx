/**
 * New Request: refer an outside person for activation (spec §5 "Reference"). The modal
 * cannot be closed by clicking the mask; Name, Email / Mobile and Profession are
 * required with the spec's messages; the profession is checked on blur. Online only:
 * offline the worker answers 'You are offline. …' and nothing is sent.
 */
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import { MESSAGES, isEmail, isMobile } from '../../../contract/rules';
import { sendReference } from '../commands';
import { useProfessionList } from '../queries';

type Values = { name: string; email: string; professioncode: string };

export function ReferenceModal({ me, opened, onClose, onSent }: { me: string; opened: boolean; onClose: () => void; onSent: () => void }) {
  const professions = useProfessionList(me);
  const [sending, setSending] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', email: '', professioncode: '' },
    validateInputOnBlur: ['professioncode'],
    validate: {
      name: (v) => (v.trim() ? null : MESSAGES.referrerNameRequired),
      email: (v) => {
        const value = v.trim();
        if (!value) return MESSAGES.usernameRequired;
        return isEmail(value) || isMobile(value) ? null : MESSAGES.usernameInvalid;
      },
      professioncode: (v) => (v ? null : MESSAGES.professionRequired),
    },
  });

  const close = () => {
    if (sending) return;
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    const result = await sendReference({
      name: values.name.trim(),
      email: values.email.trim(),
      userCode: me,
      professioncode: values.professioncode,
      activationCode: '',
    });
    setSending(false);
    if (!result.ok) {
      const fieldError = result.errors?.['body.email']?.[0] ?? result.errors?.email?.[0];
      if (fieldError) form.setFieldError('email', fieldError);
      notifications.show({ color: 'red', message: result.message, autoClose: TOAST_MS });
      return;
    }
    form.reset();
    onSent();
  });

  return (
    <Modal opened={opened} onClose={close} title="New Request" centered closeOnClickOutside={false}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <TextInput label="Email / Mobile" withAsterisk {...form.getInputProps('email')} />
          <Select
            label="Profession"
            withAsterisk
            searchable
            placeholder="Choose profession"
            data={professions.map((p) => ({ value: p.professionCode, label: p.professionName }))}
            {...form.getInputProps('professioncode')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** After a successful send (spec §4 "Reference"): the info dialog with the spec's words. */
export function ReferenceSentDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={MESSAGES.referenceSentTitle} centered size="sm">
      <Stack gap="md">
        <div>{MESSAGES.referenceSentText}</div>
        <Group justify="flex-end">
          <Button onClick={onClose}>Ok</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
