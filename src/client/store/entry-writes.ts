/**
 * The queued writes on every entry, as one live Dexie query a screen of cards shares
 * (entries/write-states.ts) instead of one query per card. Here because only the store
 * touches Dexie itself (the rest of the UI reads through live queries, store/live-query.ts).
 */
import { liveQuery } from 'dexie';
import { targets } from '../../contract/targets';
import { memberDb, type OutboxItem } from './db';

export const ENTRY_TARGET = targets.entry('');

/**
 * Calls `onItems` with every outbox item on an entry target, in [target+id] order (oldest
 * first per entry), now and after every change; returns the unsubscribe.
 */
export function watchEntryWrites(me: string, onItems: (items: OutboxItem[]) => void, onError: (error: unknown) => void): () => void {
  const subscription = liveQuery(() => memberDb(me).outbox.where('target').startsWith(ENTRY_TARGET).toArray()).subscribe({
    next: onItems,
    error: onError,
  });
  return () => subscription.unsubscribe();
}
