/**
 * Answers kept as the bytes sent (issue 32): a feed page or a search read again — a member's
 * sync worker pulling the same pages, a member coming back to the feed — is answered with
 * the bytes of its first answer, encoded as the member's browser asks, until a table its
 * reads touch is written (db/write-clock.ts, keptUntilWritten). Keeping the rows alone left
 * two thirds of a kept page's cost in the API process: the response schema's check and
 * JSON.stringify, and compressing the same bytes again (profile of the feed mix, 1,000
 * members: 16% and 17% of its busy time).
 *
 * Bytes are also smaller than the rows they come from (a 5-entry page: ~2 KB in brotli
 * against ~10 KB of objects), so more members' pages fit in the same memory: 1,000 members
 * reading three feeds each needed more than the 2,000 pages kept before, and a least-recently
 * used cache read in turn keeps none of them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keptUntilWritten } from '../db/write-clock';
import { COMPRESS_THRESHOLD, decode, encode, ENCODINGS, preferredEncoding, type Encoding } from './compression';

/**
 * The bytes in memory of their own size: zlib's sync output is a slice of its 16 KB chunk, and
 * a short Buffer.from(string) a slice of Node's shared 8 KB pool — kept as they come, each
 * ~2 KB answer held 16 KB (10,000 answers: 160 MB).
 */
export function exact(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** An answer serialized once: its JSON when small (sent as it is), else its encodings asked for so far. */
type AnswerBytes = { json?: Buffer; encoded: Partial<Record<Encoding, Buffer>> };

/** Its bytes in `encoding` (null: as they are), encoded now from what is kept when first asked so. */
function bytesOf(answer: AnswerBytes, encoding: Encoding | null): { bytes: Buffer; encoding: Encoding | null } {
  if (answer.json && answer.json.length < COMPRESS_THRESHOLD) return { bytes: answer.json, encoding: null };
  const ready = encoding ? answer.encoded[encoding] : answer.json;
  if (ready) return { bytes: ready, encoding };
  const from = ENCODINGS.find((e) => answer.encoded[e])!;
  const json = answer.json ?? decode(answer.encoded[from]!, from);
  // A client asking for no encoding is rare (every browser asks for one): its bytes are not kept.
  if (!encoding) return { bytes: json, encoding: null };
  const bytes = exact(encode(json, encoding));
  answer.encoded[encoding] = bytes;
  return { bytes, encoding };
}

/**
 * At most `max` answers (per database). `key` must name everything the answer depends on
 * beyond `tables` (the route, the viewer, the query); `read` answers the payload, which the
 * route's own serializer checks against its response schema (what the contract does not
 * name is never sent) exactly as an answer not kept.
 */
export function keptAnswers(max: number) {
  const kept = keptUntilWritten<AnswerBytes>(max);
  return async (request: FastifyRequest, reply: FastifyReply, db: object, key: string, tables: readonly string[], read: () => Promise<unknown>): Promise<FastifyReply> => {
    const wanted = preferredEncoding(request.headers);
    const answer = await kept(db, key, tables, async () => {
      // The route's serializer answers a string (fastify-type-provider-zod: JSON.stringify).
      const json = Buffer.from(reply.serialize(await read()) as string);
      return json.length < COMPRESS_THRESHOLD || !wanted ? { json: exact(json), encoded: {} } : { encoded: { [wanted]: exact(encode(json, wanted)) } };
    });
    const { bytes, encoding } = bytesOf(answer, wanted);
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
    // Set, @fastify/compress leaves the bytes as they are.
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(bytes);
  };
}
