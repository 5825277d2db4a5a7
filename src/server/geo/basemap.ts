/**
 * The self-hosted basemap: @comapeo/fallback-smp ships one "styled map package" (a zip)
 * whose style.json carries its GeoJSON sources inline (land, rivers, lakes, boundaries,
 * graticule; no glyphs, sprites or tiles). The style is read out of the zip on the first
 * request and kept in memory with its gzip (≈ 2 MB + 0.5 MB); nothing is written to disk.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { gzipSync, inflateRawSync } from 'node:zlib';

export type Basemap = { json: Buffer; gzip: Buffer; etag: string };

/** One file out of a zip (central directory; stored or deflated — all the .smp uses). */
export function unzipEntry(zip: Buffer, name: string): Buffer | null {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('Not a zip file.');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('Broken zip directory.');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLen) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`Unsupported zip method ${method}.`);
    }
    at += 46 + nameLen + extraLen + commentLen;
  }
  return null;
}

/**
 * The package's GeoJSON sources say `maxzoom: 0`: maplibre then cuts one z0 tile (4096
 * units across the world, ~10 km a unit) and overzooms it, so at a card's zoom 15 the
 * coast sits kilometres off and Lisbon or Stockholm draw as open sea. Tiling those
 * sources up to zoom 10 (~10 m a unit) keeps the data's own precision; the land and lake
 * polygons are small, so the cost is a few more tiles cut in maplibre's worker.
 */
export const BASEMAP_SOURCE_MAXZOOM = 10;

function sharpenSources(raw: Buffer): Buffer {
  const style = JSON.parse(raw.toString('utf8')) as { sources?: Record<string, { type?: string; maxzoom?: number }> };
  for (const source of Object.values(style.sources ?? {})) {
    if (source.type === 'geojson') source.maxzoom = BASEMAP_SOURCE_MAXZOOM;
  }
  return Buffer.from(JSON.stringify(style));
}

async function load(): Promise<Basemap> {
  const smp = createRequire(import.meta.url).resolve('@comapeo/fallback-smp');
  const raw = unzipEntry(await readFile(smp), 'style.json');
  if (!raw) throw new Error('The basemap package has no style.json.');
  const json = sharpenSources(raw);
  return { json, gzip: gzipSync(json, { level: 9 }), etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
}

let loading: Promise<Basemap> | null = null;

export function basemap(): Promise<Basemap> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
