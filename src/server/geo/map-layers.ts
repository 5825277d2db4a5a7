/**
 * The basemap's shapes (geo/basemap.ts: @comapeo/fallback-smp's land, lakes, rivers and
 * boundaries) as plain coordinate lists with their bounding boxes, for drawing map pictures
 * on the server (geo/map-picture.ts): a picture reads only the shapes whose box meets its
 * view. Parsed once, on the first picture (≈ 2 MB of GeoJSON; a few MB of arrays kept).
 */
import type { Point } from 'lineclip';
import { basemap } from './basemap';
import { lazily } from '../lazily';

/** West, south, east, north in degrees. */
export type Box = [number, number, number, number];
/** One ring or line: [lon, lat] points. */
export type Shape = { box: Box; points: Point[] };
/** A polygon: its outer ring, then its holes. */
export type Area = Shape[];
export type MapLayers = { land: Area[]; lakes: Area[]; rivers: Shape[]; boundaries: Shape[] };

type Geometry =
  | { type: 'Polygon'; coordinates: Point[][] }
  | { type: 'MultiPolygon'; coordinates: Point[][][] }
  | { type: 'LineString'; coordinates: Point[] }
  | { type: 'MultiLineString'; coordinates: Point[][] }
  | { type: 'GeometryCollection'; geometries: Geometry[] }
  | { type: 'Point' | 'MultiPoint'; coordinates: unknown };
type Collection = { features: { geometry: Geometry | null }[] };

export function shape(points: Point[]): Shape {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], y);
    box[2] = Math.max(box[2], x);
    box[3] = Math.max(box[3], y);
  }
  return { box, points };
}

/** Every polygon and every line of a geometry, collections opened. */
function collect(g: Geometry | null, areas: Area[], lines: Shape[]): void {
  if (!g) return;
  if (g.type === 'Polygon') areas.push(g.coordinates.map(shape));
  else if (g.type === 'MultiPolygon') for (const p of g.coordinates) areas.push(p.map(shape));
  else if (g.type === 'LineString') lines.push(shape(g.coordinates));
  else if (g.type === 'MultiLineString') for (const l of g.coordinates) lines.push(shape(l));
  else if (g.type === 'GeometryCollection') for (const part of g.geometries) collect(part, areas, lines);
}

function layer(sources: ReadonlyMap<string, { json: Buffer }>, name: string): { areas: Area[]; lines: Shape[] } {
  const areas: Area[] = [];
  const lines: Shape[] = [];
  const source = sources.get(name);
  if (source) for (const f of (JSON.parse(source.json.toString('utf8')) as Collection).features) collect(f.geometry, areas, lines);
  return { areas, lines };
}

async function load(): Promise<MapLayers> {
  const { sources } = await basemap();
  return { land: layer(sources, 'land').areas, lakes: layer(sources, 'lakes').areas, rivers: layer(sources, 'rivers').lines, boundaries: layer(sources, 'boundaries').lines };
}

export const mapLayers: () => Promise<MapLayers> = lazily(load);

/** Whether two boxes meet. */
export const meets = (a: Box, b: Box): boolean => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
