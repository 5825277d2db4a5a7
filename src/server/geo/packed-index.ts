/**
 * The gazetteer's in-memory shape: every column in folded-name order, names and keys each
 * one string (no per-place objects or strings — ≈ 10 MB for 135k places). Built by
 * index-worker.ts off the main thread; the build's garbage dies with the worker.
 */
import type { Columns } from './decode-cities';
import { fold } from './fold';

export type PackedIndex = {
  /** Folded names joined by '\0', ascending; keyAt[k] is where key k starts. '\0' never survives fold. */
  keys: string;
  keyAt: Uint32Array;
  /** Display names (as GeoNames spells them) joined by '\0'; nameAt[k] is where name k starts. */
  names: string;
  nameAt: Uint32Array;
  /** Two letters per place: the ISO country, and the US state ('  ' elsewhere). */
  countries: string;
  states: string;
  ids: Int32Array;
  pop: Uint32Array;
  lat: Int32Array;
  lon: Int32Array;
};

export const SEPARATOR = '\0';

export function packIndex(c: Columns): PackedIndex {
  const n = c.names.length;
  const folded = c.names.map(fold);
  const order = Uint32Array.from(folded.keys()).sort((a, b) => (folded[a]! < folded[b]! ? -1 : folded[a]! > folded[b]! ? 1 : 0));
  const keyAt = new Uint32Array(n + 1);
  const nameAt = new Uint32Array(n + 1);
  const keys: string[] = [];
  const names: string[] = [];
  const countries: string[] = [];
  const states: string[] = [];
  let keyPos = 0;
  let namePos = 0;
  order.forEach((i, k) => {
    keyAt[k] = keyPos;
    nameAt[k] = namePos;
    keys.push(folded[i]!);
    names.push(c.names[i]!);
    keyPos += folded[i]!.length + 1;
    namePos += c.names[i]!.length + 1;
    const country = c.countries[i]!;
    countries.push(country.length === 2 ? country : '  ');
    const admin = c.admins[i]!;
    states.push(country === 'US' && admin.length === 2 ? admin : '  ');
  });
  keyAt[n] = keyPos;
  nameAt[n] = namePos;
  const pick = <T extends Int32Array | Uint32Array>(from: T, into: T): T => {
    order.forEach((i, k) => (into[k] = from[i]!));
    return into;
  };
  return {
    keys: keys.join(SEPARATOR) + SEPARATOR,
    keyAt,
    names: names.join(SEPARATOR) + SEPARATOR,
    nameAt,
    countries: countries.join(''),
    states: states.join(''),
    ids: pick(c.ids, new Int32Array(n)),
    pop: pick(c.pop, new Uint32Array(n)),
    lat: pick(c.lat, new Int32Array(n)),
    lon: pick(c.lon, new Int32Array(n)),
  };
}
