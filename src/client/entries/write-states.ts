/**
 * The delivery state of the queued writes on each entry a screen shows (pending, or the
 * one the server refused), for the cards' marks (ui/sync-mark.tsx). ONE live query over
 * the outbox's entry targets serves every card of a feed: a query per card made each card
 * mounted while scrolling subscribe, read IndexedDB and then draw itself a second time
 * when its (nearly always empty) answer came — about half of what mounting a card cost,
 * and the cause of long tasks scrolling 1,000 cached entries (BUDGETS.md).
 *
 * A card subscribes to its own entry's state only (useSyncExternalStore), and a state that
 * did not change keeps its object, so a queued rating re-renders the card it is about and
 * none of the others.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { OutboxItem } from '../store/db';
import { ENTRY_TARGET, watchEntryWrites } from '../store/entry-writes';
import { writeState } from './queries';

export type EntryWriteState = ReturnType<typeof writeState>;

/** Writes about the entry itself (its comments carry their own marks, comments-area.tsx). */
export const onEntry = (item: OutboxItem) => !item.kind.startsWith('comment.');

export type EntryWriteStates = {
  get(postCode: string): EntryWriteState;
  subscribe(postCode: string, listener: () => void): () => void;
};

const same = (a: NonNullable<EntryWriteState>, b: NonNullable<EntryWriteState>) =>
  a.status === b.status && (a.status === 'pending' || (b.status === 'failed' && a.id === b.id && a.message === b.message));

function createStates() {
  let states = new Map<string, NonNullable<EntryWriteState>>();
  const listeners = new Map<string, Set<() => void>>();
  return {
    get: (postCode: string): EntryWriteState => states.get(postCode),
    subscribe(postCode: string, listener: () => void) {
      const set = listeners.get(postCode) ?? new Set();
      listeners.set(postCode, set.add(listener));
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(postCode);
      };
    },
    /** Every outbox item on an entry target, in [target+id] order (oldest first per entry). */
    set(items: OutboxItem[]) {
      const byEntry = new Map<string, OutboxItem[]>();
      for (const item of items) {
        const postCode = item.target.slice(ENTRY_TARGET.length);
        const list = byEntry.get(postCode);
        if (list) list.push(item);
        else byEntry.set(postCode, [item]);
      }
      const next = new Map<string, NonNullable<EntryWriteState>>();
      for (const [postCode, list] of byEntry) {
        const state = writeState(list, onEntry);
        if (!state) continue;
        const was = states.get(postCode);
        next.set(postCode, was && same(was, state) ? was : state);
      }
      const changed = [...new Set([...states.keys(), ...next.keys()])].filter((code) => states.get(code) !== next.get(code));
      states = next;
      for (const code of changed) for (const listener of listeners.get(code) ?? []) listener();
    },
  };
}

/** The states of every entry's writes, for the cards of one screen (a feed, an entry). */
export function useEntryWriteStates(me: string): EntryWriteStates {
  // One per screen; the query's first answer replaces whatever it held.
  const [states] = useState(createStates);
  useEffect(
    () =>
      watchEntryWrites(me, states.set, (error) =>
        // The marks are not worth failing the feed for (useLiveQuery would throw in render).
        console.error("Reading the entries' queued writes failed", error),
      ),
    [me, states],
  );
  return states;
}

/** One entry's state, re-rendering its card only when that state changes. */
export function useEntryWriteState(states: EntryWriteStates, postCode: string): EntryWriteState {
  const subscribe = useCallback((listener: () => void) => states.subscribe(postCode, listener), [states, postCode]);
  const get = useCallback(() => states.get(postCode), [states, postCode]);
  return useSyncExternalStore(subscribe, get, get);
}
