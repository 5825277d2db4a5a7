/**
 * Several queued writes in one request (contract/batch.ts,
 * docs/decisions/0003-outbox-batches.md). Each item travels as exactly the request replay.ts would send alone —
 * `method path body` plus its own Idempotency-Key — and comes back as its own answer,
 * classified like a lone request's (http.ts classifyAnswer), so replay applies the
 * same rules to every item whichever way it went.
 */
import { BATCH_MAX_BYTES, BATCH_MAX_ITEMS, BATCH_PATH, batchAnswer, type BatchItem } from '../../contract/batch';
import { mutations } from '../../contract/mutations';
import type { OutboxItem } from '../store/db';
import { authed, type Member, type SyncContext } from './context';
import { classifyAnswer, type HttpFailure, type HttpResult } from './http';

export type Batchable = { item: OutboxItem; request: BatchItem; bytes: number };

/**
 * The item as a batch entry, or null when it must go alone: socket kinds (telex), kinds
 * with a prepare step (an entry's files are uploaded first), unknown kinds, and a body
 * too big to share a request.
 */
export function batchEntry(item: OutboxItem, prepared: ReadonlySet<string>): Batchable | null {
  const def = mutations[item.kind];
  if (!def || def.transport === 'socket' || prepared.has(item.kind)) return null;
  const payload = item.payload as never;
  const body: unknown = def.body(payload);
  const bytes = body === undefined ? 0 : JSON.stringify(body).length;
  if (bytes > BATCH_MAX_BYTES) return null;
  return { item, bytes, request: { method: def.method, path: def.path(payload).replace(/^\/+/, ''), body, key: item.id } };
}

/** Whether `next` still fits in a batch holding `run`. */
export const fits = (run: readonly Batchable[], next: Batchable): boolean =>
  run.length < BATCH_MAX_ITEMS && run.reduce((sum, b) => sum + b.bytes, next.bytes) <= BATCH_MAX_BYTES;

export type BatchOutcome =
  /** One result per item the server ran, in order; the run stops at the first non-2xx. */
  | { kind: 'answered'; results: HttpResult<unknown>[] }
  /** The batch request itself failed: no item is known to have run or not. */
  | { kind: 'whole'; result: HttpFailure };

const UNREADABLE: HttpFailure = { kind: 'retryable', status: 200, message: 'Something went wrong!', offline: false };

export async function sendBatch(ctx: SyncContext, member: Member, run: readonly Batchable[]): Promise<BatchOutcome> {
  const result = await authed<unknown>(ctx, member, BATCH_PATH, { method: 'POST', body: { items: run.map((b) => b.request) } });
  if (result.kind !== 'ok') return { kind: 'whole', result };
  const answer = batchAnswer.safeParse(result.body.data);
  // A 2xx we cannot read is a lost answer: every key is idempotent, so the batch may be resent.
  if (!answer.success || answer.data.results.length > run.length) return { kind: 'whole', result: UNREADABLE };
  return { kind: 'answered', results: answer.data.results.map((r) => classifyAnswer<unknown>(r.status, r.body)) };
}
