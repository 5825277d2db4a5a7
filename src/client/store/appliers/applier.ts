/**
 * What a queued write kind does to Dexie (STYLE.md §3), as one typed object per kind.
 * Each area module (profile.ts, vault.ts, …) writes its kinds' objects in one map;
 * registry.ts joins the maps into the one whose type is every kind exactly once.
 * Kept apart from registry.ts so the area modules can name these types without an
 * import cycle.
 */
import type { MutationKind, MutationPayload } from '../../../contract/mutations';
import type { MemberDb } from '../db';

/** How a queued kind shows locally before the server has it (`_sync: 'pending' | 'failed'`). */
export type LocalApplier<K extends MutationKind> = (
  db: MemberDb,
  payload: MutationPayload<K>,
  mark: 'pending' | 'failed',
) => Promise<void>;

/** Writes the server's answer (`data` of the envelope) for a delivered item: the canonical row, no `_sync`. */
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

/** Undoes a discarded item's optimistic row when no pull can (a message the server never had). */
export type DiscardApplier<K extends MutationKind> = (db: MemberDb, payload: MutationPayload<K>) => Promise<void>;

export type Applier<K extends MutationKind> = {
  /** Absent: nothing shows before the answer (the screen marks the write from the outbox itself). */
  local?: LocalApplier<K>;
  rebaseKey?: RebaseKey<K>;
  /** Every kind has one: a delivered write always leaves the server's row behind. */
  answer: AnswerApplier<K>;
  /** Absent: a discard re-pulls the target instead (sync/pull/run-pull.ts pullsForTarget). */
  discard?: DiscardApplier<K>;
};

/** The appliers of every kind, each once: a kind without one does not compile. */
export type Appliers = { [K in MutationKind]: Applier<K> };

/**
 * One area's kinds: `satisfies AreaAppliers` refuses a name that is no kind and types each
 * applier's payload by its kind, with no cast.
 */
export type AreaAppliers = Partial<Appliers>;
