/**
 * What a listing card opens, wherever cards show (the grid, the search): the listing
 * itself, and the author's edit and trash — which card is open, edited or trashed, the
 * view, the drawer and the question, and a reload count that says a change landed.
 */
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import type { ServiceRow } from '../../store/db';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { deleteService } from '../commands';
import { ServiceCard } from './service-card';
import { ServiceFormDrawer } from './service-form-drawer';
import { ServiceView } from './service-view';

export function useServiceActions(me: string): { reload: number; add: () => void; card: (row: ServiceRow) => ReactNode; dialogs: ReactNode } {
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<ServiceRow | 'new' | null>(null);
  const [trashing, setTrashing] = useState<ServiceRow | null>(null);
  const [open, setOpen] = useState<ServiceRow | null>(null);

  const trash = async (row: ServiceRow) => {
    const result = await deleteService(row.serviceCode);
    setTrashing(null);
    if (!result.ok) notifications.show({ color: 'red', message: result.message, autoClose: TOAST_MS });
    else setReload((n) => n + 1);
  };

  const card = (row: ServiceRow) => (
    <ServiceCard key={row.serviceCode} me={me} row={row} onOpen={() => setOpen(row)} onEdit={() => setEditing(row)} onTrash={() => setTrashing(row)} />
  );

  const dialogs = (
    <>
      <ServiceView me={me} row={open} onClose={() => setOpen(null)} />
      <ServiceFormDrawer me={me} item={editing === 'new' ? undefined : (editing ?? undefined)} opened={editing !== null} onClose={() => setEditing(null)} onSaved={() => setReload((n) => n + 1)} />
      {trashing && (
        <ConfirmDialog
          opened
          title="Trash"
          message={`Are you sure do you want remove "${trashing.originalPost.serviceHeading}" service ?`}
          danger
          onConfirm={() => trash(trashing)}
          onClose={() => setTrashing(null)}
        />
      )}
    </>
  );
  return { reload, add: () => setEditing('new'), card, dialogs };
}
