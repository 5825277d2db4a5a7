import { z } from 'zod';

/**
 * POST /api/v1/batch: several queued writes in one request (DESIGN.md "Writes and the
 * outbox"; docs/decisions/0003-outbox-batches.md). Each item is exactly the request the sync worker would
 * otherwise send alone — `method path body` with its own Idempotency-Key — and the
 * server runs them one after another through the normal route stack (authorization,
 * validation, exactly-once), stopping at the first answer that is not 2xx. The answer
 * holds one result per item run, in order; items after a stop have no result and were
 * not run, so they simply stay queued.
 */
export const BATCH_PATH = 'batch';
/** Items per batch: 100 queued writes drain in two round trips. */
export const BATCH_MAX_ITEMS = 50;
/**
 * Serialized bodies per batch, in string length: even at 3 UTF-8 bytes a character the
 * request stays under the server's 1 MiB body limit. A bigger body goes alone.
 */
export const BATCH_MAX_BYTES = 256 * 1024;

export const batchItem = z.object({
  method: z.enum(['POST', 'PUT', 'DELETE']),
  /** Relative to /api/v1, as the mutation's path(): `update/user/about/<code>`, query allowed. */
  path: z
    .string()
    .min(1)
    .max(2000)
    .refine((p) => !p.startsWith('/') && !p.includes('..') && !p.includes('#') && !p.includes('\\'), 'A path relative to the API.'),
  body: z.unknown().optional(),
  /** The outbox item id, sent on as the item's Idempotency-Key. */
  key: z.string().trim().min(1).max(100),
});
export type BatchItem = z.infer<typeof batchItem>;

export const batchRequest = z.object({ items: z.array(batchItem).min(1).max(BATCH_MAX_ITEMS) });
export type BatchRequest = z.infer<typeof batchRequest>;

/** One run item: its HTTP status and JSON body as if it had been sent alone. */
export const batchResult = z.object({
  status: z.number().int(),
  body: z.unknown(),
  /** The item's key had been used before: this is the stored first answer (Idempotent-Replayed). */
  replayed: z.boolean().optional(),
});
export type BatchResult = z.infer<typeof batchResult>;

export const batchAnswer = z.object({ results: z.array(batchResult) });
export type BatchAnswer = z.infer<typeof batchAnswer>;
