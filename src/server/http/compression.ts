/**
 * How JSON answers are compressed: the settings @fastify/compress uses for every answer
 * (app.ts), and the same encodings for answers kept already encoded (kept-answers.ts).
 *
 * JSON answers (a feed page is ~10 KB) shrink 5–10× on a member's slow link. Brotli at
 * quality 4 costs well under a millisecond for such a page (the default 11 would cost
 * tens). Small windows (64 KB brotli, 8 KB deflate with a smaller hash): each answer opens a
 * compressor of its own with the window's native state (~300 KB at the defaults). Alone a
 * page's compression costs 0.05 ms either way, but at 500 pages a second the defaults cost
 * the server ~0.3 ms a page (its CPU per page in the 100,000-member growth mix: 1.67 →
 * 1.35 ms; 1.28 with no compression at all); a 5-entry page compresses to the same size.
 */
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
export const BROTLI_OPTIONS: BrotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 16 } };
export const ZLIB_OPTIONS: ZlibOptions = { windowBits: 13, memLevel: 6 };

/**
 * Answers kept as bytes (kept-answers.ts: feed pages, searches) pick brotli's quality by size.
 * A 5-entry page (~4 KB of JSON) comes to ~0.9 KB at quality 2 or 4 — one packet either way —
 * and quality 2 costs it 32 µs of the server's CPU against 77 (2,000 compressions of 20
 * members' home and search pages, issue 32's machine). Past 16 KB the bytes a member waits for on a
 * slow link count more than the CPU (a 50-entry page: 10.1 KB at 2, 9.2 KB at 4), so 4.
 */
const SMALL_ANSWER = 16 * 1024;
const BROTLI_SMALL: BrotliOptions = { params: { ...BROTLI_OPTIONS.params, [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } };

export function encode(bytes: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(bytes, ZLIB_OPTIONS);
  return brotliCompressSync(bytes, bytes.length < SMALL_ANSWER ? BROTLI_SMALL : BROTLI_OPTIONS);
}

export function decode(bytes: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes);
}

// Accept-Encoding headers are few in practice (one per browser build); a bounded cache keeps a client sending new ones from growing it.
const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS], cache: new LRUCache<string, string>({ max: 64 }) });

/** The encoding a request prefers among ours (q-values honoured, brotli first on a tie), or null for the bytes as they are. */
export function preferredEncoding(headers: Record<string, string | string[] | undefined>): Encoding | null {
  // @fastify/compress's own opt-out, honoured here too.
  if (headers['x-no-compression'] !== undefined) return null;
  const header = headers['accept-encoding'];
  return typeof header === 'string' ? negotiator.negotiate(header.toLowerCase()) : null;
}
