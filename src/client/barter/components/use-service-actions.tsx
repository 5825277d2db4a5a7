/**
 * The author's edit and trash on a listing card, wherever cards show (the grid, the
 * search): which card is being edited or trashed, the drawer and the question, and a
 * reload count that says a change landed (the page pulls again).
 */
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import type { ServiceRow } from '../../store/db';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { deleteService } from '../commands';
import { ServiceCard } from './service-card';
import { ServiceFormDrawer } from './service-form-drawer';

export function useServiceActions(me: string): { reload: number; add: () => void; card: (row: ServiceRow) => ReactNode; dialogs: ReactNode } {
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<ServiceRow | 'new' | null>(null);
  const [trashing, setTrashing] = useState<ServiceRow | null>(null);

  const trash = async (row: ServiceRow) => {
    const result = await deleteService(row.serviceCode);
    setTrashing(null);
    if (!result.ok) notifications.show({ color: 'red', message: result.message, autoClose: TOAST_MS });
    else setReload((n) => n + 1);
  };

  const card = (row: ServiceRow) => (
    <ServiceCard key={row.serviceCode} me={me} row={row} onEdit={() => setEditing(row)} onTrash={() => setTrashing(row)} />
  );

  const dialogs = (
    <>
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
