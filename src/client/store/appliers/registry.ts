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

const localAppliers: { [K in MutationKind]?: LocalApplier<K> } = {};
const answerAppliers: { [K in MutationKind]?: AnswerApplier<K> } = {};

export function registerLocalApplier<K extends MutationKind>(kind: K, apply: LocalApplier<K>): void {
  (localAppliers as Record<string, unknown>)[kind] = apply;
}

export function registerAnswerApplier<K extends MutationKind>(kind: K, apply: AnswerApplier<K>): void {
  (answerAppliers as Record<string, unknown>)[kind] = apply;
}

export const localApplierOf = (kind: MutationKind) =>
  localAppliers[kind] as LocalApplier<MutationKind> | undefined;

export const answerApplierOf = (kind: MutationKind) =>
  answerAppliers[kind] as AnswerApplier<MutationKind> | undefined;
