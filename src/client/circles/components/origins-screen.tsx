/**
 * /suite/circles and /suite/slate (spec §2.10): My Circles (Update, Remove), Following
 * Circles (Unfollow), Suggestion Circles (Follow, Later), and — when they have cards —
 * the circles asked to join (Cancel) and the invitations (Accept, Later); the 'Add Circle'
 * button opens the drawer. The same panels for slates (no invitations). Everything reads
 * Dexie, so the lists open offline; the buttons are queued writes, Update and Remove
 * online-only calls.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PLAN_MESSAGES } from '../../../contract/circle-admin';
import { TOAST_MS } from '../../../contract/codes';
import { useLiveQuery } from '../../store/live-query';
import { memberDb, type CircleRow, type SlateRow } from '../../store/db';
import type { OriginKind, OriginListName } from '../../store/origin-lists';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { deleteOrigin } from '../commands';
import type { GroupView } from '../queries';
import { ActionedOriginCard, useOriginWrites, type OriginButton } from './origin-actions';
import { OriginCard } from './origin-card';
import { OriginFormDrawer } from './origin-form-drawer';
import { OriginListPanel } from './origin-list-panel';
import { SUGGESTION_PANELS } from './origin-suggestions';

type PanelSpec = { list: OriginListName; title: string; empty: string; buttons: OriginButton[]; hideWhenEmpty?: boolean };

/** Titles and empty states are the spec's (§2.10, §2.14); the asks and invitations panels are ours. */
const PANELS: Record<OriginKind, PanelSpec[]> = {
  circle: [
    { list: 'invitations', title: 'Circle Invitations', empty: 'No data', hideWhenEmpty: true, buttons: [{ label: 'Accept', kind: 'circle.inviteAccept', variant: 'filled' }, { label: 'Later', kind: 'circle.inviteReject', variant: 'default' }] },
    { list: 'following', title: 'Following Circles', empty: 'No Circles found...', buttons: [{ label: 'Unfollow', kind: 'circle.unfollow', variant: 'default', color: 'red' }] },
    { list: 'requested', title: 'Requested Circles', empty: 'No requested Circles', hideWhenEmpty: true, buttons: [{ label: 'Cancel', kind: 'circle.unfollow', variant: 'default' }] },
    { list: 'suggestions', ...SUGGESTION_PANELS.circle },
  ],
  slate: [
    { list: 'following', title: 'Following Slates', empty: 'No following Slates', buttons: [{ label: 'Unfollow', kind: 'slate.unfollow', variant: 'default', color: 'red' }] },
    { list: 'requested', title: 'Requested Slates', empty: 'No data', hideWhenEmpty: true, buttons: [{ label: 'Cancel', kind: 'slate.unfollow', variant: 'default' }] },
    { list: 'suggestions', ...SUGGESTION_PANELS.slate },
  ],
};

const OWN = {
  circle: { title: 'My Circles', empty: 'Circle not yet created', add: 'Add Circle', confirm: (name: string) => `Are you sure do you want remove "${name}" circle ?` },
  slate: { title: 'My Slates', empty: 'No Slates found', add: 'Add Slate', confirm: (name: string) => `Are you sure do you want remove "${name}" Slate ?` },
} as const;

function useRow(me: string, view: GroupView | null): CircleRow | SlateRow | undefined {
  return useLiveQuery(async () => {
    if (!view) return undefined;
    const db = memberDb(me);
    return view.kind === 'circle' ? db.circles.get(view.code) : db.slates.get(view.code);
  }, [me, view?.kind, view?.code]);
}

export function OriginsScreen({ me, kind }: { me: string; kind: OriginKind }) {
  const { online, reloadKey, states } = useOriginWrites(me, kind);
  const [editing, setEditing] = useState<GroupView | null | 'new'>(null);
  const [removing, setRemoving] = useState<GroupView | null>(null);
  const [removed, setRemoved] = useState(0);
  const row = useRow(me, editing === 'new' ? null : editing);
  const own = OWN[kind];
  // Owning circles (slates) comes with the plan: user/menu's group (page) switch.
  const mayOwn = useLiveQuery(async () => (await memberDb(me).menus.get(me))?.features?.[kind === 'circle' ? 'group' : 'page'] === 'Yes', [me, kind]);

  const remove = async (view: GroupView) => {
    const result = await deleteOrigin(kind, view.code);
    if (result.ok) setRemoved((n) => n + 1);
    else notifications.show({ color: 'red', message: result.message, autoClose: TOAST_MS });
    setRemoving(null);
  };

  const ownCard = (view: GroupView) => (
    <OriginCard
      key={view.code}
      view={view}
      footer={
        <Group gap={6} justify="center">
          <Button size="compact-sm" variant="light" onClick={() => setEditing(view)} aria-label={`Update ${view.name}`}>
            Update
          </Button>
          <Button size="compact-sm" variant="default" color="red" onClick={() => setRemoving(view)} aria-label={`Remove ${view.name}`}>
            Remove
          </Button>
        </Group>
      }
    />
  );

  const cardFor = (buttons: OriginButton[]) => (view: GroupView) => (
    <ActionedOriginCard key={view.code} me={me} view={view} state={states?.get(view.code)} buttons={buttons} online={online} />
  );

  return (
    <Stack gap="md">
      <OriginListPanel
        me={me}
        origin={kind}
        list="own"
        owner={me}
        title={own.title}
        empty={own.empty}
        reloadKey={reloadKey + removed}
        renderCard={ownCard}
        actions={
          mayOwn === false ? (
            <Text size="xs" c="dimmed" maw={260} ta="right">
              {PLAN_MESSAGES[kind === 'circle' ? 'group' : 'page']}
            </Text>
          ) : (
            <Button size="xs" onClick={() => setEditing('new')}>
              {own.add}
            </Button>
          )
        }
      />
      {PANELS[kind].map((panel) => (
        <OriginListPanel
          key={panel.list}
          me={me}
          origin={kind}
          list={panel.list}
          owner={me}
          title={panel.title}
          empty={panel.empty}
          reloadKey={reloadKey}
          renderCard={cardFor(panel.buttons)}
          hideWhenEmpty={panel.hideWhenEmpty}
        />
      ))}
      <OriginFormDrawer me={me} kind={kind} item={editing === 'new' ? undefined : row} opened={editing !== null && (editing === 'new' || row !== undefined)} onClose={() => setEditing(null)} />
      {removing && (
        <ConfirmDialog opened title="Remove" message={own.confirm(removing.name)} danger onConfirm={() => remove(removing)} onClose={() => setRemoving(null)} />
      )}
    </Stack>
  );
}
