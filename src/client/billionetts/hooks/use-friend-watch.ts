/**
 * Follows the member's queued friend writes (spec §4: "the list reloads after success";
 * spec/calls.md §8: "Friend request failures: server message shown as error toast"):
 * - when a write leaves the outbox (delivered, or discarded), `reloadKey` goes up and
 *   the panels pull their pages again;
 * - when the server refuses one, its message shows as an error toast (3 s), once per
 *   write however many screens watch.
 */
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import { useFriendWrites, writeStates, type FriendWriteState } from '../queries';

const toasted = new Set<string>();

export function useFriendWatch(me: string): { reloadKey: number; states: Map<string, FriendWriteState> } {
  const items = useFriendWrites(me);
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
      // Refused before this screen opened: the card shows it; a toast is for news.
      if (!before) continue;
      notifications.show({ color: 'red', message: item.error?.message ?? 'The server refused this change.', autoClose: TOAST_MS });
    }
  }, [items]);

  return { reloadKey, states: writeStates(items) };
}
