/**
 * /settings/passkeys — the member's passkeys (issue 29): add one (the browser's dialog; the
 * recovery codes shown once with the first second factor), rename, remove. Online only; the
 * list shown is Dexie's, pulled on open and after each change (sync/passkey-calls.ts).
 */
import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { format } from 'date-fns';
import { useState } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import { PASSKEY_TEXT } from '../../../contract/passkey-text';
import type { PasskeyRow } from '../../store/db';
import { sync } from '../../sync/client';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { PageTitle } from '../../ui/page-title';
import { createPasskey, passkeysSupported } from '../../ui/passkey-ceremony';
import { usePagePull } from '../../ui/use-page-pull';
import { usePasskeys } from '../queries';
import { RecoveryCodes } from './recovery-codes';

const tell = (ok: boolean, message: string) => notifications.show({ color: ok ? 'teal' : 'red', message, autoClose: TOAST_MS });
const day = (iso: string) => format(new Date(iso), 'd MMM yyyy');

export function PasskeysScreen({ me }: { me: string }) {
  const [reload, setReload] = useState(0);
  const { pulling, result } = usePagePull({ kind: 'passkeys' }, reload);
  const rows = usePasskeys(me);
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const supported = passkeysSupported();

  const add = async () => {
    setAdding(true);
    try {
      const options = await sync.passkeyOptions();
      if (!options.ok) return tell(false, options.message);
      const ceremony = await createPasskey(options.data);
      if (!ceremony.ok) return tell(false, ceremony.message);
      const added = await sync.addPasskey(ceremony.response);
      tell(added.ok, added.ok ? PASSKEY_TEXT.added : added.message);
      if (added.ok && added.data.recoveryCodes.length > 0) setCodes(added.data.recoveryCodes);
    } finally {
      setAdding(false);
    }
  };

  return (
    <>
      <PageTitle title={PASSKEY_TEXT.title}>
        {supported && !codes && (
          <Button onClick={() => void add()} loading={adding}>
            {PASSKEY_TEXT.add}
          </Button>
        )}
      </PageTitle>
      <Text c="dimmed" size="sm" mb="md" maw={640}>
        Check in with your fingerprint, face or screen lock instead of your password. After a password, Billionett asks for one of your passkeys too, so a password alone no longer opens your account.
      </Text>
      {!supported && (
        <Text mb="md" role="status">
          {PASSKEY_TEXT.unsupported}
        </Text>
      )}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : rows && rows.length > 0 ? (
        <Stack gap="sm" component="ul" aria-label={PASSKEY_TEXT.title} p={0} m={0} maw={640} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <PasskeyLine key={row.passkeyCode} row={row} />
          ))}
        </Stack>
      ) : (
        <Stack align="center">
          <EmptyState
            title={pulling ? 'Loading…' : 'No passkeys yet'}
            description={result && !result.ok ? result.message : pulling ? undefined : 'A passkey lives on your phone, computer or security key; your password manager may share it between your devices.'}
          />
          {result && !result.ok && <Button onClick={() => setReload((n) => n + 1)}>Try again</Button>}
        </Stack>
      )}
    </>
  );
}

function PasskeyLine({ row }: { row: PasskeyRow }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    const answer = await sync.removePasskey(row.passkeyCode);
    tell(answer.ok, answer.ok ? PASSKEY_TEXT.removed : answer.message);
    setRemoving(false);
  };
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600}>{row.name}</Text>
            {row.backedUp && (
              <Badge variant="light" color="teal.9">
                Synced
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Added <time dateTime={row.createdAt}>{day(row.createdAt)}</time>
            {' · '}
            {row.lastUsedAt ? (
              <>
                last used <time dateTime={row.lastUsedAt}>{day(row.lastUsedAt)}</time>
              </>
            ) : (
              'never used'
            )}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" onClick={() => setRenaming(true)} aria-label={`Rename: ${row.name}`}>
            Rename
          </Button>
          <Button variant="default" color="red" onClick={() => setRemoving(true)} aria-label={`Remove: ${row.name}`}>
            Remove
          </Button>
        </Group>
      </Group>
      <RenameDialog row={row} opened={renaming} onClose={() => setRenaming(false)} />
      <ConfirmDialog
        opened={removing}
        title="Remove this passkey?"
        message={`"${row.name}" will no longer sign you in. Remove it from your device or password manager too.`}
        confirmLabel="Remove"
        danger
        onConfirm={remove}
        onClose={() => setRemoving(false)}
      />
    </Paper>
  );
}

function RenameDialog({ row, opened, onClose }: { row: PasskeyRow; opened: boolean; onClose: () => void }) {
  const form = useForm({
    initialValues: { name: row.name },
    validate: { name: (v) => (!v.trim() ? 'Enter a name.' : v.trim().length > 60 ? 'At most 60 characters.' : null) },
  });
  const submit = form.onSubmit(async ({ name }) => {
    const answer = await sync.renamePasskey(row.passkeyCode, name.trim());
    if (answer.ok) {
      tell(true, PASSKEY_TEXT.renamed);
      onClose();
    } else form.setFieldError('name', answer.errors?.name?.[0] ?? answer.message);
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Rename passkey" centered size="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" data-autofocus withAsterisk {...form.getInputProps('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
