/**
 * /settings/delete-account — 'Delete my account' (issue 29): what erasure takes with it,
 * from the server's preview (circles and slates with the people who lose them), then the
 * password or a passkey again. Every device is signed out at once; checking in within the
 * days keeps the account (docs/decisions/0073-account-deletion.md). Online only.
 */
import { Alert, Button, Group, List, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { format } from 'date-fns';
import { useState } from 'react';
import { DELETION_GRACE_DAYS, DELETION_TEXT, type DeletionPreview } from '../../../contract/account-deletion';
import type { PasskeyAssertion } from '../../../contract/passkeys';
import { clearSession } from '../../store/local-session';
import { sync } from '../../sync/client';
import { EmptyState } from '../../ui/empty-state';
import { PageTitle } from '../../ui/page-title';
import { RouterAnchor } from '../../ui/router-link';
import { getPasskey, passkeysSupported } from '../../ui/passkey-ceremony';
import { usePagePull } from '../../ui/use-page-pull';
import { useDeletionState } from '../queries';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function DeleteAccountScreen({ me }: { me: string }) {
  const [reload, setReload] = useState(0);
  const { pulling, result } = usePagePull({ kind: 'deletion' }, reload);
  const state = useDeletionState(me);
  return (
    <>
      <PageTitle title={DELETION_TEXT.title} />
      <Stack gap="md" maw={640}>
        <Text size="sm">
          Your account is erased {DELETION_GRACE_DAYS} days after you ask. Every device is signed out at once; checking in again before then keeps your account. After, it cannot be undone.
        </Text>
        {state ? (
          <>
            <WhatGoes preview={state.preview} />
            <Confirm passkeys={state.preview.passkeys} />
          </>
        ) : (
          <Stack align="center">
            <EmptyState title={pulling ? 'Loading…' : DELETION_TEXT.title} description={result && !result.ok ? result.message : undefined} />
            {result && !result.ok && <Button onClick={() => setReload((n) => n + 1)}>Try again</Button>}
          </Stack>
        )}
      </Stack>
    </>
  );
}

function WhatGoes({ preview }: { preview: DeletionPreview }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="What is erased">
      <Text fw={600} mb="xs">
        What is erased
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>Your suite, vault, pictures, billionetts, bulletins, settings, sessions and passkeys</List.Item>
        <List.Item>{plural(preview.entries, 'entry', 'entries')}, with their pictures and videos</List.Item>
        <List.Item>
          {plural(preview.comments, 'comment', 'comments')}, and your ratings and votes. Replies others wrote to your comments stay theirs.
        </List.Item>
        <List.Item>{plural(preview.listings, 'barter listing', 'barter listings')}</List.Item>
        <List.Item>{plural(preview.conversations, 'telex conversation', 'telex conversations')}, for the other members too</List.Item>
        {preview.circles.map((c) => (
          <List.Item key={`circle-${c.name}`}>
            Your circle “{c.name}”: {plural(c.people, 'member loses', 'members lose')} it
          </List.Item>
        ))}
        {preview.slates.map((s) => (
          <List.Item key={`slate-${s.name}`}>
            Your slate “{s.name}”: {plural(s.people, 'follower loses', 'followers lose')} it
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

function Confirm({ passkeys }: { passkeys: boolean }) {
  const navigate = useNavigate();
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [withPasskey, setWithPasskey] = useState(false);
  const form = useForm({ initialValues: { password: '' }, validate: { password: (v) => (v ? null : 'Enter your password.') } });

  /** Asked: this device leaves as at Checkout (the server has already ended its session). */
  const leave = async (deleteAfter: string) => {
    await sync.checkout(undefined).catch(() => undefined);
    clearSession();
    notifications.show({ color: 'gold', autoClose: false, message: DELETION_TEXT.asked(format(new Date(deleteAfter), 'd MMMM yyyy')) });
    await navigate({ to: '/checkin' });
  };

  const submit = form.onSubmit(async ({ password }) => {
    const answer = await sync.requestDeletion({ password });
    if (answer.ok) return leave(answer.data.deleteAfter);
    form.setFieldError('password', answer.errors?.password?.[0] ?? answer.message);
  });

  const confirmWithPasskey = async () => {
    setPasskeyError(null);
    setWithPasskey(true);
    try {
      const options = await sync.deletionPasskeyOptions();
      if (!options.ok) return setPasskeyError(options.message);
      const ceremony = await getPasskey(options.data);
      if (!ceremony.ok) return setPasskeyError(ceremony.message);
      const answer = await sync.requestDeletion({ passkey: ceremony.response as PasskeyAssertion });
      if (answer.ok) return leave(answer.data.deleteAfter);
      setPasskeyError(answer.message);
    } finally {
      setWithPasskey(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Alert color="red" variant="light" title="This erases your account">
            <RouterAnchor to="/settings/data" inherit fw={600}>
              Download your data
            </RouterAnchor>{' '}
            first if you want to keep it.
          </Alert>
          <PasswordInput label="Your password" autoComplete="current-password" maw={340} {...form.getInputProps('password')} />
          <Group>
            <Button type="submit" color="red" loading={form.submitting}>
              {DELETION_TEXT.confirm}
            </Button>
            {passkeys && passkeysSupported() && (
              <Button variant="default" loading={withPasskey} onClick={() => void confirmWithPasskey()}>
                Confirm with a passkey instead
              </Button>
            )}
          </Group>
          {passkeyError && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {passkeyError}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
