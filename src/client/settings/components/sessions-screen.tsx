/**
 * /settings/sessions — 'Where you're signed in' (issue 29): every session of the member,
 * this device's marked; any other can be signed out, or all of them at once. Online only:
 * the member sees at once whether it took (sync/session-calls.ts).
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDistanceToNow, format } from 'date-fns';
import { useState } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import { SESSION_TEXT } from '../../../contract/sessions';
import type { DeviceSessionRow } from '../../store/db';
import { sync } from '../../sync/client';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { PageTitle } from '../../ui/page-title';
import { usePagePull } from '../../ui/use-page-pull';
import { useDeviceSessions } from '../queries';
import { ChangePasswordDialog } from './change-password-dialog';

const tell = (ok: boolean, message: string) => notifications.show({ color: ok ? 'teal' : 'red', message, autoClose: TOAST_MS });

export function SessionsScreen({ me }: { me: string }) {
  const [reload, setReload] = useState(0);
  const { pulling, result } = usePagePull({ kind: 'sessions' }, reload);
  const rows = useDeviceSessions(me);
  const [askingAll, setAskingAll] = useState(false);
  const [changing, setChanging] = useState(false);
  const others = rows?.filter((r) => !r.current) ?? [];

  const endOthers = async () => {
    const answer = await sync.endOtherSessions();
    tell(answer.ok, answer.ok ? SESSION_TEXT.endedOthers : answer.message);
    setAskingAll(false);
  };

  return (
    <>
      <PageTitle title={SESSION_TEXT.title}>
        <Group gap="xs">
          <Button variant="default" onClick={() => setChanging(true)}>
            {SESSION_TEXT.changePassword}
          </Button>
          {others.length > 0 && (
            <Button variant="light" color="red" onClick={() => setAskingAll(true)}>
              {SESSION_TEXT.endOthers}
            </Button>
          )}
        </Group>
      </PageTitle>
      <Text c="dimmed" size="sm" mb="md">
        Each place your account is signed in. Sign out any you do not recognise, then change your password.
      </Text>
      {rows && rows.length > 0 ? (
        <Stack gap="sm" component="ul" aria-label={SESSION_TEXT.title} p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <SessionRow key={row.sessionCode} row={row} />
          ))}
        </Stack>
      ) : (
        <Stack align="center">
          <EmptyState title={pulling ? 'Loading…' : SESSION_TEXT.title} description={result && !result.ok ? result.message : pulling ? undefined : 'No session to show.'} />
          {result && !result.ok && <Button onClick={() => setReload((n) => n + 1)}>Try again</Button>}
        </Stack>
      )}
      <ChangePasswordDialog opened={changing} onClose={() => setChanging(false)} />
      <ConfirmDialog
        opened={askingAll}
        title={SESSION_TEXT.endOthers}
        message={`Every other device (${others.length}) is signed out at once. Anything they have not sent yet stays on them until someone signs in there again.`}
        confirmLabel={SESSION_TEXT.endOthers}
        danger
        onConfirm={endOthers}
        onClose={() => setAskingAll(false)}
      />
    </>
  );
}

function SessionRow({ row }: { row: DeviceSessionRow }) {
  const [busy, setBusy] = useState(false);
  const end = async () => {
    setBusy(true);
    const answer = await sync.endSession(row.sessionCode);
    setBusy(false);
    tell(answer.ok, answer.ok ? SESSION_TEXT.ended : answer.message);
  };
  const since = new Date(row.createdAt);
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600}>{row.device}</Text>
            {row.current && (
              <Badge variant="filled" color="teal.9">
                {SESSION_TEXT.thisDevice}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Signed in <time dateTime={row.createdAt}>{format(since, 'd MMM yyyy, HH:mm')}</time>
            {' · '}
            {row.current ? 'active now' : <>last active <time dateTime={row.lastSeenAt}>{formatDistanceToNow(new Date(row.lastSeenAt), { addSuffix: true })}</time></>}
          </Text>
        </Stack>
        {!row.current && (
          <Button variant="default" loading={busy} style={{ flex: 'none' }} onClick={() => void end()} aria-label={`${SESSION_TEXT.endOne}: ${row.device}, signed in ${format(since, 'd MMM yyyy, HH:mm')}`}>
            {SESSION_TEXT.endOne}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
