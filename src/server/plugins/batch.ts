/**
 * POST /api/v1/batch (contract/batch.ts): a member's queued writes in one request, so an
 * outbox of 100 writes drains in two round trips instead of 100 (BUDGETS: ≤ 2 s).
 *
 * Each item is handed to the app's own route stack with `app.inject` — the same request
 * the sync worker would send alone, with the batch's Authorization and the item's own
 * Idempotency-Key — so every item is authorized, validated and applied exactly once by
 * the route itself (plugins/idempotency.ts); nothing here knows any write. Items run one
 * after another, in order, and the run stops at the first answer that is not 2xx: a later
 * item may depend on the one refused (same target), and the worker keeps it queued.
 *
 * Injected items carry a marker header with a secret made at boot; the hook below lets
 * such a request reach only a member's (non-public) writes under /api/v1, never another
 * batch, a read, or a public call.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '../../contract/codes';
import { BATCH_PATH, batchAnswer, batchRequest, type BatchItem, type BatchResult } from '../../contract/batch';
import { envelope } from '../../contract/envelope';
import { HttpError } from '../http-error';
import { IDEMPOTENCY_HEADER, withUnusedKeysKnown } from './idempotency';
import { memberOf } from './auth';

const ITEM_HEADER = 'x-billionett-batch-item';
const NOT_BATCHABLE = 'Only a member\u2019s writes can be sent in a batch.';

/** Call on the root instance after setupAuth (its hook must see every route). */
export async function setupBatch(app: FastifyInstance): Promise<void> {
  const secret = randomBytes(24).toString('base64url');

  app.addHook('onRequest', async (request) => {
    if (request.headers[ITEM_HEADER] !== secret) return;
    const path = request.url.split('?')[0] ?? '';
    if (
      request.method === 'GET' ||
      request.routeOptions.config.access === 'anyone' ||
      !path.startsWith(`${API_BASE}/`) ||
      path === `${API_BASE}/${BATCH_PATH}`
    ) {
      throw new HttpError(400, NOT_BATCHABLE);
    }
  });

  async function runItem(request: FastifyRequest, item: BatchItem): Promise<BatchResult> {
    const headers: Record<string, string> = { accept: 'application/json', [IDEMPOTENCY_HEADER]: item.key, [ITEM_HEADER]: secret };
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    if (item.body !== undefined) headers['content-type'] = 'application/json';
    const answer = await app.inject({
      method: item.method,
      url: `${API_BASE}/${item.path}`,
      headers,
      // Limits keyed by address (rate-limit.ts) count the member's own address, not loopback.
      remoteAddress: request.ip,
      ...(item.body === undefined ? {} : { payload: JSON.stringify(item.body) }),
    });
    let body: unknown = null;
    try {
      body = answer.body ? JSON.parse(answer.body) : null;
    } catch {
      body = null;
    }
    const replayed = answer.headers['idempotent-replayed'] === 'true';
    return replayed ? { status: answer.statusCode, body, replayed } : { status: answer.statusCode, body };
  }

  await app.register(
    async (api) => {
      api.withTypeProvider<ZodTypeProvider>().post(`/${BATCH_PATH}`, {
        config: { access: 'member', write: { repeatable: 'a container: each item carries its own Idempotency-Key and meets its own route\u2019s rules' } },
        schema: { tags: ['sync'], body: batchRequest, response: { 200: envelope(batchAnswer) } },
        handler: async (request) => {
          const { items } = request.body;
          const results: BatchResult[] = [];
          // The member is known here (access: 'member'); each item is still authorized on its own.
          await withUnusedKeysKnown(app.db, memberOf(request).userCode, items.map((item) => item.key), async () => {
            for (const item of items) {
              const result = await runItem(request, item);
              results.push(result);
              if (result.status < 200 || result.status >= 300) break;
            }
          });
          return { code: 200, message: 'ok', data: { results } };
        },
      });
    },
    { prefix: API_BASE },
  );
}
