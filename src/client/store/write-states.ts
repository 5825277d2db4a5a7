/**
 * What a card shows of its queued writes (the outbox, outbox.ts): read by the screens from
 * the outbox's live rows. Apart from outbox.ts, which also holds the writes' schemas and
 * appliers, so that a screen showing these states does not load them on its first paint.
 */
import type { OutboxItem } from './db';

/** Where the latest unsent write about one card stands: waiting, or refused with the server's words. */
export type WriteStateOf<K extends string> = { status: 'pending'; kind: K; id: string } | { status: 'failed'; kind: K; id: string; message: string };

/**
 * Queued writes by the code they are about (`about`: the payload field naming the card,
 * e.g. friendCode, groupCode, memberCode), oldest first in; a refused one wins: it needs
 * the member's decision.
 */
export function writeStatesBy<K extends string>(items: readonly (OutboxItem & { kind: K })[] | undefined, about: string): Map<string, WriteStateOf<K>> {
  const states = new Map<string, WriteStateOf<K>>();
  for (const item of items ?? []) {
    const code = (item.payload as Record<string, unknown>)[about];
    if (typeof code !== 'string' || states.get(code)?.status === 'failed') continue;
    states.set(
      code,
      item.status === 'failed'
        ? { status: 'failed', kind: item.kind, id: item.id, message: item.error?.message ?? 'The server refused this change.' }
        : { status: 'pending', kind: item.kind, id: item.id },
    );
  }
  return states;
}
