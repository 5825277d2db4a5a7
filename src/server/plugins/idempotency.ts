/**
 * Exactly-once writes (DESIGN.md "Writes and the outbox"). A write runs inside one
 * transaction that first reserves (member, Idempotency-Key); a repeat finds the key taken
 * and answers the stored first answer without changing anything.
 *
 * Races: on PostgreSQL the primary key makes a concurrent repeat's INSERT wait until the
 * first transaction ends — commit → it sees the stored answer; rollback → it reserves the
 * key and runs. PGlite has one connection and runs transactions one at a time.
 * A refused write (status ≥ 400) rolls back, so the key is free for a corrected retry.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/idempotency';
import { HttpError } from '../http-error';

export type WriteResult = { status: number; body: unknown };
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_MAX = 100;

class Refused {
  constructor(readonly result: WriteResult) {}
}

function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!key || key.length > KEY_MAX) {
    const message = `Idempotency-Key must be 1 to ${KEY_MAX} characters.`;
    throw new HttpError(400, message, { 'Idempotency-Key': [message] });
  }
  return key;
}

/**
 * Runs `write` once per (scope, key). `scope` is the member's userCode, or for public writes
 * a name derived from the payload (e.g. "signup:ada@example.com").
 */
export async function idempotentWrite(
  db: Db,
  request: FastifyRequest,
  scope: string,
  write: (tx: Db) => Promise<WriteResult>,
): Promise<WriteResult & { replayed?: boolean }> {
  const key = keyOf(request);
  const signature = `${request.method} ${request.url.split('?')[0]}`;
  const where = key ? and(eq(idempotencyKeys.memberId, scope), eq(idempotencyKeys.key, key)) : undefined;
  try {
    return await db.transaction(async (tx) => {
      if (key && where) {
        const reserved = await tx
          .insert(idempotencyKeys)
          .values({ memberId: scope, key, request: signature })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (reserved.length === 0) {
          const [first] = await tx.select().from(idempotencyKeys).where(where).limit(1);
          if (!first || first.status === 0) throw new HttpError(409, 'The first request with this Idempotency-Key is still running.');
          if (first.request !== signature) throw new HttpError(422, 'This Idempotency-Key was already used for another request.');
          return { status: first.status, body: first.response, replayed: true };
        }
      }
      const result = await write(tx as unknown as Db);
      if (result.status >= 400) throw new Refused(result);
      if (where) await tx.update(idempotencyKeys).set({ status: result.status, response: result.body }).where(where);
      return result;
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

/** Sends a write's answer; a replay says so in a header (handy when debugging the outbox). */
export function sendWrite(reply: FastifyReply, result: WriteResult & { replayed?: boolean }) {
  if (result.replayed) reply.header('Idempotent-Replayed', 'true');
  return reply.code(result.status).send(result.body as never);
}
