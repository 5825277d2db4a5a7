/**
 * Follows one outbox target's writes (spec §4: "after any successful action the related
 * list reloads"): when a write leaves the outbox (delivered or discarded) `reloadKey` goes
 * up and the panels pull their pages again; a refused one shows the server's words as an
 * error toast (3 s), once per write however many screens watch.
 */
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from '../store/live-query';
import { useEffect, useRef, useState } from 'react';
import { TOAST_MS } from '../../contract/codes';
import { memberDb } from '../store/db';

const toasted = new Set<string>();

export function useWriteWatch(me: string, target: string): number {
  const items = useLiveQuery(() => memberDb(me).outbox.where('target').equals(target).toArray(), [me, target]);
  const [reloadKey, setReloadKey] = useState(0);
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!items) return;
    const ids = new Set(items.map((item) => item.id));
    const before = seen.current;
    seen.current = ids;
    if (before && [...before].some((id) => !ids.has(id))) setReloadKey((k) => k + 1);
    for (const item of items) {
      if (item.status !== 'failed' || toasted.has(item.id)) continue;
      toasted.add(item.id);
      if (!before) continue;
      notifications.show({ color: 'red', message: item.error?.message ?? 'The server refused this change.', autoClose: TOAST_MS });
    }
  }, [items]);
  return reloadKey;
}
