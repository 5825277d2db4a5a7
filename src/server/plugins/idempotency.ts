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
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 of the raw request body as it arrived, for writes that carry an Idempotency-Key. */
    bodyDigest?: string;
  }
}

/**
 * Digests each keyed write's raw body while it streams in, before any parser sees it: the
 * JSON a retry resends (the worker's, alone or inside a batch) is byte for byte the first
 * request's, and a hash cannot overflow on a 5,000-deep array as re-serializing would.
 */
export function setupIdempotency(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    // A multipart body's boundary is new on every retry: its handler digests the form instead (formDigest).
    if (request.headers[IDEMPOTENCY_HEADER] === undefined || /^multipart\//i.test(request.headers['content-type'] ?? '')) return payload;
    const hash = createHash('sha256');
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
      flush(callback) {
        request.bodyDigest = hash.digest('base64url');
        callback();
      },
    });
    payload.on('error', (error) => tap.destroy(error));
    return payload.pipe(tap);
  });

  /*
   * A replay answers the first answer before the route's access rule runs (app-level
   * preHandler hooks run before a route's own): the write may have changed what the rule
   * looks at — a deleted circle, a circle the member left — and a replay must not turn a
   * write that happened into a 404 the outbox would call a failure. Only a completed first
   * answer with the same call and content is replayed here; anything else takes the
   * normal path (409 while it runs, 422 for other content, the write when the key is free).
   */
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.write !== 'once' || !request.member) return;
    if (/^multipart\//i.test(request.headers['content-type'] ?? '')) return;
    const key = keyOf(request);
    if (!key || takeUnused(app.db, request.member.userCode, key)) return;
    const [first] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.memberId, request.member.userCode), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (!first || first.status === 0) return;
    const signature = signatureOf(request);
    if (first.request !== signature.full && first.request !== signature.call) return;
    request.wroteOnce = true;
    return sendWrite(reply, { status: first.status, body: first.response, replayed: true });
  });
}

/**
 * Keys a batch (plugins/batch.ts) found unused, all in one statement, just before running its
 * items: an item's own lookup above would find nothing, so it is skipped — one statement of the
 * six or seven each queued write costs. Taken once: the same key twice in a batch is looked up
 * the second time. Only the lookup is skipped; the route still reserves the key, so a repeat
 * that arrives meanwhile (another host) is answered by the reservation (409, or its stored
 * answer), as a repeat racing a lone request is.
 */
const unusedKeys = new WeakMap<object, Set<string>>();
const unusedId = (scope: string, key: string) => `${scope}\0${key}`;
/** Kept by the database the keys were looked up in: two apps in one process (tests) never share them. */
const unusedIn = (db: object): Set<string> => {
  let keys = unusedKeys.get(db);
  if (!keys) unusedKeys.set(db, (keys = new Set()));
  return keys;
};
const takeUnused = (db: object, scope: string, key: string): boolean => unusedIn(db).delete(unusedId(scope, key));

/** Runs `run` with the member's unused keys among `keys` known to the replay lookup; forgotten after. */
export async function withUnusedKeysKnown<T>(db: Db, scope: string, keys: string[], run: () => Promise<T>): Promise<T> {
  const used = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, scope), inArray(idempotencyKeys.key, keys)));
  const taken = new Set(used.map((row) => row.key));
  const known = [...new Set(keys)].filter((key) => !taken.has(key)).map((key) => unusedId(scope, key));
  const marked = unusedIn(db);
  for (const id of known) marked.add(id);
  try {
    return await run();
  } finally {
    for (const id of known) marked.delete(id);
  }
}

/** The digest of no bytes at all. */
const EMPTY_BODY = createHash('sha256').digest('base64url');

/**
 * What the key was first used for: the call, and a digest of what it carried (query and
 * body). A retry sends the same bytes; the same key with other content is a client bug or
 * a forgery, and replaying the first answer to it would silently drop the new content.
 */
export function signatureOf(request: FastifyRequest, content?: string): { call: string; full: string } {
  const [path, query = ''] = request.url.split('?');
  const call = `${request.method} ${path}`;
  // A write with no body (saving an entry) has no parser to read its stream, so the tap's
  // flush may come before the route or after it: an empty digest and none are one content.
  const body = content ?? request.bodyDigest;
  const digest = createHash('sha256')
    .update(query)
    .update('\0')
    .update(body === EMPTY_BODY ? '' : (body ?? ''))
    .digest('base64url');
  return { call, full: `${call} #${digest}` };
}

/** What a multipart upload carried, whatever its boundary: its fields and its file's name and bytes. */
export function formDigest(fields: Record<string, string>, file?: { filename: string; bytes: Buffer }): string {
  const hash = createHash('sha256').update(JSON.stringify(fields));
  if (file) hash.update('\0').update(file.filename).update('\0').update(file.bytes);
  return hash.digest('base64url');
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
  /** A multipart upload's formDigest; other writes are digested as they arrive. */
  content?: string,
): Promise<WriteResult & { replayed?: boolean }> {
  // What plugins/policy.ts checks for a route that declares write: 'once'.
  request.wroteOnce = true;
  const key = keyOf(request);
  const signature = signatureOf(request, content);
  const where = key ? and(eq(idempotencyKeys.memberId, scope), eq(idempotencyKeys.key, key)) : undefined;
  try {
    return await db.transaction(async (tx) => {
      if (key && where) {
        const reserved = await tx
          .insert(idempotencyKeys)
          .values({ memberId: scope, key, request: signature.full })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (reserved.length === 0) {
          const [first] = await tx.select().from(idempotencyKeys).where(where).limit(1);
          if (!first || first.status === 0) throw new HttpError(409, 'The first request with this Idempotency-Key is still running.');
          // Keys stored before digests were kept hold the call alone.
          const [firstCall] = first.request.split(' #');
          if (firstCall !== signature.call) throw new HttpError(422, 'This Idempotency-Key was already used for another request.');
          if (first.request !== signature.full && first.request !== signature.call) {
            throw new HttpError(422, 'This Idempotency-Key was already used with other content.');
          }
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

/**
 * A signed-in member's write on a route that declares `write: 'once'` (policy/rules.ts):
 * exactly once per (member, Idempotency-Key), in one transaction, answered (or replayed)
 * here. Public writes name their own scope with idempotentWrite.
 */
export async function writeOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (tx: Db) => Promise<WriteResult>,
  /** A multipart upload's formDigest. */
  content?: string,
) {
  if (!request.member) throw new HttpError(401, 'Please sign in again.');
  return sendWrite(reply, await idempotentWrite(request.server.db, request, request.member.userCode, write, content));
}
