/**
 * Codes of new circles and slates: the shape the seed gives them (src/server/seed/circles.ts),
 * a prefix (G… circles, S… slates, B… barter listings) and 9 characters of Crockford base32 (no I, L, O, U, so
 * a code survives being read aloud or retyped), here from crypto randomness (45 bits).
 */
import { randomBytes } from 'node:crypto';

const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 9;

/** A fresh random code; the caller checks it is unused (a collision is ~1 in 10^13). */
export function newOriginCode(prefix: 'G' | 'S' | 'B'): string {
  // 256 is a multiple of 32, so `b & 31` picks every character equally often.
  return prefix + Array.from(randomBytes(LENGTH), (b) => BASE32[b & 31]).join('');
}
