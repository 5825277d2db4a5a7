/**
 * The self-hosted basemap: @comapeo/fallback-smp ships one "styled map package" (a zip)
 * whose style.json carries its GeoJSON sources inline (land, rivers, lakes, boundaries,
 * graticule; no glyphs, sprites or tiles). It is read out of the zip on the first request
 * and split: the style keeps only a URL per source (GEO_PATHS.basemapSource), and each
 * source's GeoJSON becomes its own file. A page with several maps then parses a few KB of
 * style per map on the main thread, while maplibre fetches and parses the ≈ 2 MB of GeoJSON
 * in its worker (the HTTP and service-worker caches serve the repeats), instead of every map
 * parsing the whole style and posting it to its workers. All kept in memory with gzip.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { gzipSync, inflateRawSync } from 'node:zlib';
import { FINE_LAND_ZOOM, GEO_PATHS, TILE_MAX_ZOOM } from '../../contract/geo';
import { lazily } from '../lazily';

/** One served file: its bytes, their gzip (none for bytes already compressed), and the ETag. */
export type BasemapFile = { json: Buffer; gzip: Buffer | null; etag: string };
/** The style (sources by URL) and each GeoJSON source by name. */
export type Basemap = { style: BasemapFile; sources: ReadonlyMap<string, BasemapFile> };

/** Source names become URL path segments: the package's are plain words; anything else is refused. */
const BASEMAP_SOURCE_NAME = /^[a-z0-9_-]+$/i;

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

type Style = {
  sources?: Record<string, { type?: string; maxzoom?: number; data?: unknown; tiles?: string[]; tileSize?: number; minzoom?: number }>;
  layers?: { id: string; type: string; source?: string; minzoom?: number; maxzoom?: number }[];
};

/** The raster source and layer of the server's deep tiles (geo/map-tile.ts). */
const FINE = 'fine';

/** Bytes as served: with their gzip (unless `compressed` already, as a PNG) and an ETag of their content. */
export function servedFile(json: Buffer, compressed = false): BasemapFile {
  return { json, gzip: compressed ? null : gzipSync(json, { level: 9 }), etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
}

/**
 * Moves each inline GeoJSON out of the style, leaving its URL, and tiles it to
 * BASEMAP_SOURCE_MAXZOOM; from FINE_LAND_ZOOM on, the server's tiles (fine land, place
 * names) replace every layer but the sea.
 */
export function splitStyle(raw: Buffer): Basemap {
  const style = JSON.parse(raw.toString('utf8')) as Style;
  for (const layer of style.layers ?? []) if (layer.type !== 'background') layer.maxzoom = FINE_LAND_ZOOM;
  // Root-relative like the GeoJSON URLs: maplibre loads raster tiles against the page.
  const fine = { type: 'raster', tiles: [GEO_PATHS.basemapTiles], tileSize: 512, minzoom: FINE_LAND_ZOOM, maxzoom: TILE_MAX_ZOOM };
  (style.layers ??= []).push({ id: FINE, type: 'raster', source: FINE, minzoom: FINE_LAND_ZOOM });
  const sources = new Map<string, BasemapFile>();
  for (const [name, source] of Object.entries(style.sources ?? {})) {
    if (source.type !== 'geojson') continue;
    source.maxzoom = BASEMAP_SOURCE_MAXZOOM;
    if (typeof source.data !== 'object' || source.data === null) continue;
    if (!BASEMAP_SOURCE_NAME.test(name)) throw new Error(`Basemap source name not usable in a URL: ${name}`);
    sources.set(name, servedFile(Buffer.from(JSON.stringify(source.data))));
    // Root-relative: maplibre 6 resolves a GeoJSON URL against the page (browser.resolveURL)
    // before its worker fetches it, so no origin is written here (proxies cannot skew it).
    source.data = GEO_PATHS.basemapSource(name);
  }
  style.sources = { ...style.sources, [FINE]: fine };
  return { style: servedFile(Buffer.from(JSON.stringify(style))), sources };
}

async function load(): Promise<Basemap> {
  const smp = createRequire(import.meta.url).resolve('@comapeo/fallback-smp');
  const raw = unzipEntry(await readFile(smp), 'style.json');
  if (!raw) throw new Error('The basemap package has no style.json.');
  return splitStyle(raw);
}

export const basemap: () => Promise<Basemap> = lazily(load);
