/**
 * Reference Candidates (spec §2.9, §4 "Reference"): the New Request button, and per
 * reference either the joined member's normal card (requestAgain No with a candidate
 * profile) or a placeholder card with its notified badge and a menu of Request again
 * (notify), Remove and Cancel. These calls are online only; each shows on its card
 * while it runs, and the server's words show as an error toast.
 */
import { Badge, Button, Center, Group, Loader, Menu, Paper, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import { FRIENDS_PAGE_SIZE } from '../../../contract/friends';
import type { ReferenceRow } from '../../store/db';
import { EmptyState } from '../../ui/empty-state';
import { IconCrown } from '../../ui/icons';
import { Pager } from '../../ui/pager';
import { PersonCard, type CardPerson } from '../../ui/person-card';
import { deleteReference, notifyReference } from '../commands';
import { usePagePull } from '../../ui/use-page-pull';
import { useReferencePage } from '../queries';
import { CardGrid } from '../../ui/card-grid';
import { suiteHref } from './friend-panels';
import { ReferenceModal, ReferenceSentDialog } from './reference-modal';

export function ReferencesPanel({ me }: { me: string }) {
  const [pageNo, setPageNo] = useState(1);
  const [reloadKey, setReloadKey] = useState(0);
  const [modal, setModal] = useState<'form' | 'sent' | null>(null);
  const view = useReferencePage(me, pageNo);
  const pull = usePagePull({ kind: 'references', pageNo }, reloadKey);
  const total = view?.page?.totalRecords ?? 0;
  const rows = view?.rows ?? [];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Reference Candidates">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            Reference Candidates
          </Title>
          {total > 0 && <Badge variant="light" size="sm">{total}</Badge>}
        </Group>
        <Button size="compact-sm" onClick={() => setModal('form')}>
          New Request
        </Button>
      </Group>
      {rows.length > 0 ? (
        <CardGrid label="Reference Candidates">
          {rows.map((row) => (
            <ReferenceCard key={row.refCode} row={row} onDone={() => setReloadKey((k) => k + 1)} />
          ))}
        </CardGrid>
      ) : !view?.page && pull.pulling ? (
        <Center py="xl">
          <Loader size="sm" role="status" aria-label="Loading Reference Candidates" />
        </Center>
      ) : (
        <EmptyState title="No Referred Candidates" icon={<IconCrown size={26} />} />
      )}
      <Pager total={total} pageSize={FRIENDS_PAGE_SIZE} value={pageNo} onChange={setPageNo} label="Reference Candidates pages" />
      <ReferenceModal me={me} opened={modal === 'form'} onClose={() => setModal(null)} onSent={() => setModal('sent')} />
      <ReferenceSentDialog opened={modal === 'sent'} onClose={() => setModal(null)} />
    </Paper>
  );
}

function ReferenceCard({ row, onDone }: { row: ReferenceRow; onDone: () => void }) {
  const [running, setRunning] = useState<'notify' | 'remove' | null>(null);
  const profile = row.refCandidateProfile as CardPerson | null | undefined;
  if (row.requestAgain === 'No' && profile) return <PersonCard person={profile} href={suiteHref(profile.userCode)} />;

  const run = async (which: 'notify' | 'remove') => {
    setRunning(which);
    const result = await (which === 'notify' ? notifyReference(row.refCode) : deleteReference(row.refCode));
    setRunning(null);
    if (!result.ok) notifications.show({ color: 'red', message: result.message, autoClose: TOAST_MS });
    else onDone();
  };
  const person: CardPerson = {
    userCode: row.refCode,
    displayName: String(row.refName ?? ''),
    planName: '',
    professionName: String(row.professionName ?? ''),
  };
  const notified = Number(row.notified ?? 0);
  return (
    <PersonCard
      person={person}
      busy={running !== null}
      badge={
        <Badge size="sm" variant="filled" color="grape" aria-label={`Notified ${notified} times`}>
          {notified}
        </Badge>
      }
      footer={
        <Group justify="center">
          <Menu position="bottom" withinPortal>
            <Menu.Target>
              <Button size="compact-sm" variant="light" loading={running !== null} aria-label={`Actions for ${person.displayName}`}>
                {running === 'remove' ? 'Removing' : running === 'notify' ? 'Requesting' : 'Actions'}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void run('notify')}>Request again</Menu.Item>
              <Menu.Item color="red" onClick={() => void run('remove')}>
                Remove
              </Menu.Item>
              <Menu.Item>Cancel</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      }
    />
  );
}
