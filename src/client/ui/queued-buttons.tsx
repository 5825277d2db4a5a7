/**
 * A card's buttons that queue writes (spec §4: "row actions mark the row loading or
 * removing first"), and how the card shows its unsent write: online, the running button
 * spins and the others wait; offline, the card says 'pending' (queuedMark); refused, the
 * server's words with Retry and Discard. A button with `confirm` asks first.
 */
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { WriteStateOf } from '../store/write-states';
import { ConfirmDialog } from './confirm-dialog';
import { PendingBadge, SyncMark } from './sync-mark';

export type QueuedButton<K extends string> = {
  label: string;
  kind: K;
  variant?: 'filled' | 'light' | 'default';
  color?: string;
  /** Asks first: the question, and the words of its two buttons (Yes / No by default). */
  confirm?: { message: (name: string) => string; yes?: string; no?: string };
};

/** Where a card's latest unsent write stands. */
export type QueuedState = WriteStateOf<string>;

/** The card's pending line and dimming, unless its own button is visibly running. */
export function queuedMark(state: QueuedState | undefined, buttons: QueuedButton<string>[], online: boolean, what: string) {
  if (state?.status !== 'pending') return { busy: false };
  const running = online && buttons.some((b) => b.kind === state.kind);
  return running ? { busy: true } : { busy: false, badge: <PendingBadge what={what} /> };
}

export type QueuedButtonsProps<K extends string> = {
  /** Whom or what the buttons act on, for their labels ('Accept Nia Okafor'). */
  name: string;
  state: QueuedState | undefined;
  buttons: QueuedButton<K>[];
  online: boolean;
  act: (kind: K) => Promise<void>;
  retry: (id: string) => Promise<void>;
  discard: (id: string) => Promise<void>;
  /** Centred under a card (default); 'flex-start' beside a heading. */
  justify?: 'center' | 'flex-start';
};

export function QueuedButtons<K extends string>({ name, state, buttons, online, act, retry, discard, justify = 'center' }: QueuedButtonsProps<K>) {
  const [asking, setAsking] = useState<QueuedButton<K> | null>(null);
  if (state?.status === 'failed') return <SyncMark state={state} what={name} onRetry={retry} onDiscard={discard} />;
  const pending = state?.status === 'pending';
  return (
    <>
      <Group gap={6} justify={justify} wrap="wrap">
        {buttons.map((button) => (
          <Button
            key={button.kind}
            size="compact-sm"
            variant={button.variant ?? 'light'}
            color={button.color}
            loading={pending && online && state.kind === button.kind}
            disabled={pending}
            onClick={() => (button.confirm ? setAsking(button) : void act(button.kind))}
            aria-label={`${button.label} ${name}`}
          >
            {button.label}
          </Button>
        ))}
      </Group>
      {asking?.confirm && (
        <ConfirmDialog
          opened
          title={asking.label}
          message={asking.confirm.message(name)}
          confirmLabel={asking.confirm.yes}
          cancelLabel={asking.confirm.no}
          danger
          onConfirm={async () => {
            await act(asking.kind);
            setAsking(null);
          }}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
