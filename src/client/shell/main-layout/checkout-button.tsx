/**
 * Checkout (spec §2.3): signs out and deletes this member's data from the device
 * (DESIGN.md "A shared device"). Unsent writes would be lost with it, so when the
 * outbox holds any, the member is told how many and asked first.
 */
import { NavLink, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import { dropPush } from '../../bulletins/push';
import { useOutbox } from '../../sync-state/queries';
import { sync } from '../../sync/client';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { IconCheckout } from '../../ui/icons';
import { clearSession } from '../../store/local-session';
import classes from './side-menu.module.css';

export function CheckoutButton({ me, mini }: { me: string; mini: boolean }) {
  const navigate = useNavigate();
  const outbox = useOutbox(me);
  const unsent = (outbox?.pending.length ?? 0) + (outbox?.failed.length ?? 0);
  const [asking, setAsking] = useState(false);

  const checkout = async () => {
    try {
      // This device stops getting the member's bulletins before their session goes.
      const pushEndpoint = await dropPush().catch(() => undefined);
      await sync.checkout(pushEndpoint);
    } catch {
      // The worker could not wipe the device copy; the member still leaves, and is told.
      notifications.show({
        color: 'red',
        autoClose: TOAST_MS,
        message: 'Signed out, but this device could not delete your local data.',
      });
    }
    clearSession();
    await navigate({ to: '/checkin' });
  };

  const button = (
    <NavLink
      component="button"
      className={classes.item}
      label={mini ? undefined : 'Checkout'}
      aria-label={mini ? 'Checkout' : undefined}
      leftSection={<IconCheckout />}
      onClick={() => (unsent > 0 ? setAsking(true) : void checkout())}
    />
  );
  return (
    <>
      {mini ? (
        <Tooltip label="Checkout" position="right" withArrow>
          {button}
        </Tooltip>
      ) : (
        button
      )}
      <ConfirmDialog
        opened={asking}
        title="Unsent changes"
        message={`${unsent} ${unsent === 1 ? 'change has' : 'changes have'} not been sent yet. Checking out deletes ${
          unsent === 1 ? 'it' : 'them'
        } from this device. Check out anyway?`}
        confirmLabel="Checkout"
        cancelLabel="Stay"
        danger
        onConfirm={async () => {
          await checkout();
          setAsking(false);
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
