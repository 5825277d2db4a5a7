/**
 * Per-kind knowledge of how a queued write shows in Dexie, registered by name
 * (STYLE.md §3). Two halves:
 * - the local applier draws the optimistic change (`_sync: 'pending' | 'failed'`);
 * - the answer applier writes the server's canonical row after a 2xx, replacing
 *   the optimistic one (no `_sync`).
 * Kept apart from outbox.ts so applier modules can register themselves and
 * outbox.ts can import them without an import cycle.
 */
import type { MutationKind, MutationPayload } from '../../../contract/mutations';
import type { MemberDb } from '../db';

/** How a queued kind shows locally before the server has it. */
export type LocalApplier<K extends MutationKind> = (
  db: MemberDb,
  payload: MutationPayload<K>,
  mark: 'pending' | 'failed',
) => Promise<void>;

/** Writes the server's answer (`data` of the envelope) for a delivered item. */
export type AnswerApplier<K extends MutationKind> = (
  db: MemberDb,
  payload: MutationPayload<K>,
  data: unknown,
) => Promise<void>;

/**
 * What a kind's local applier fully replaces, when it does: two items of the same kind
 * and key leave the row as the later one alone would. Rebase then redraws only the
 * last such item instead of every one (100 queued about edits: 1 redraw, not 100).
 */
export type RebaseKey<K extends MutationKind> = (payload: MutationPayload<K>) => string;

const localAppliers: { [K in MutationKind]?: LocalApplier<K> } = {};
const rebaseKeys: { [K in MutationKind]?: RebaseKey<K> } = {};
const answerAppliers: { [K in MutationKind]?: AnswerApplier<K> } = {};

export function registerLocalApplier<K extends MutationKind>(
  kind: K,
  apply: LocalApplier<K>,
  options: { rebaseKey?: RebaseKey<K> } = {},
): void {
  (localAppliers as Record<string, unknown>)[kind] = apply;
  if (options.rebaseKey) (rebaseKeys as Record<string, unknown>)[kind] = options.rebaseKey;
}

export function registerAnswerApplier<K extends MutationKind>(kind: K, apply: AnswerApplier<K>): void {
  (answerAppliers as Record<string, unknown>)[kind] = apply;
}

/** Undoes a discarded item's optimistic row when no pull can (a message the server never had). */
export type DiscardApplier<K extends MutationKind> = (db: MemberDb, payload: MutationPayload<K>) => Promise<void>;
const discardAppliers: { [K in MutationKind]?: DiscardApplier<K> } = {};

export function registerDiscardApplier<K extends MutationKind>(kind: K, apply: DiscardApplier<K>): void {
  (discardAppliers as Record<string, unknown>)[kind] = apply;
}

export const discardApplierOf = (kind: MutationKind) =>
  discardAppliers[kind] as DiscardApplier<MutationKind> | undefined;

export const localApplierOf = (kind: MutationKind) =>
  localAppliers[kind] as LocalApplier<MutationKind> | undefined;

export const rebaseKeyOf = (kind: MutationKind) => rebaseKeys[kind] as RebaseKey<MutationKind> | undefined;

export const answerApplierOf = (kind: MutationKind) =>
  answerAppliers[kind] as AnswerApplier<MutationKind> | undefined;
