/**
 * The owner's edit of a circle's or slate's description from its suite (spec §2.10:
 * "a description section (owner edits via dialog)"): the Update drawer, opened from the
 * About panel, with the row as this device knows it. Online only, like every update.
 */
import { Button } from '@mantine/core';
import { useLiveQuery } from '../../store/live-query';
import { useState } from 'react';
import { memberDb, type CircleRow, type SlateRow } from '../../store/db';
import type { OriginKind } from '../../store/origin-lists';
import { OriginFormDrawer } from './origin-form-drawer';

export function DescriptionEdit({ me, kind, code }: { me: string; kind: OriginKind; code: string }) {
  const [open, setOpen] = useState(false);
  const row = useLiveQuery(
    async (): Promise<CircleRow | SlateRow | undefined> => (kind === 'circle' ? memberDb(me).circles.get(code) : memberDb(me).slates.get(code)),
    [me, kind, code],
  );
  if (!row) return null;
  return (
    <>
      <Button size="compact-xs" variant="subtle" onClick={() => setOpen(true)} aria-label="Edit description">
        Edit
      </Button>
      <OriginFormDrawer me={me} kind={kind} item={row} opened={open} onClose={() => setOpen(false)} />
    </>
  );
}
