/**
 * A card's buttons for one list (Accept / Reject, Request / Later, Remove, Unfriend)
 * and how the card shows its queued write (spec §4: "row actions mark the row loading
 * or removing before the call"): online, the button of the running write spins and the
 * others wait; offline, the card says 'pending'; refused, the server's words with
 * Retry and Discard (ui/sync-mark).
 */
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { FriendWriteKind } from '../../store/appliers/friends';
import type { PersonRow } from '../../store/db';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PendingBadge, SyncMark } from '../../ui/sync-mark';
import { discardWrite, friendWrite, retryWrite } from '../commands';
import type { FriendWriteState } from '../queries';

export type FriendButton = {
  label: string;
  kind: FriendWriteKind;
  variant?: 'filled' | 'light' | 'default' | 'subtle';
  color?: string;
  /** Asks first (unfriend): the question, with Yes / No. */
  confirm?: (name: string) => string;
};

export type CardMark = { badge?: React.ReactNode; busy: boolean };

/** The badge and dimming of a card from its write state. */
export function cardMark(state: FriendWriteState | undefined, buttons: FriendButton[], online: boolean): CardMark {
  if (state?.status !== 'pending') return { busy: false };
  const running = online && buttons.some((b) => b.kind === state.kind);
  return running ? { busy: true } : { busy: false, badge: <PendingBadge what="Billionett change" /> };
}

export type FriendActionsProps = {
  me: string;
  person: PersonRow;
  state: FriendWriteState | undefined;
  buttons: FriendButton[];
  online: boolean;
};

export function FriendActions({ me, person, state, buttons, online }: FriendActionsProps) {
  const [asking, setAsking] = useState<FriendButton | null>(null);
  if (state?.status === 'failed') {
    return <SyncMark state={state} what={person.displayName} onRetry={retryWrite} onDiscard={discardWrite} />;
  }
  const pending = state?.status === 'pending';
  const act = (button: FriendButton) => (button.confirm ? setAsking(button) : friendWrite(me, button.kind, person.userCode));
  return (
    <>
      {/* Narrow cards (phones, the crown modal) put the buttons under each other rather than clip them. */}
      <Group gap={6} justify="center" wrap="wrap">
        {buttons.map((button) => (
          <Button
            key={button.kind}
            size="compact-sm"
            variant={button.variant ?? 'light'}
            color={button.color}
            loading={pending && online && state.kind === button.kind}
            disabled={pending}
            onClick={() => void act(button)}
            aria-label={`${button.label} ${person.displayName}`}
          >
            {button.label}
          </Button>
        ))}
      </Group>
      {asking?.confirm && (
        <ConfirmDialog
          opened
          title={asking.label}
          message={asking.confirm(person.displayName)}
          danger
          onConfirm={async () => {
            await friendWrite(me, asking.kind, person.userCode);
            setAsking(null);
          }}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
