/**
 * Draws a view of the map as SVG: the pictures of cards (map-picture.ts) and the interactive
 * map's deep tiles (map-tile.ts) are the same drawing at different sizes. Web Mercator as
 * maplibre draws it (its zoom counts 512-pixel tiles), so a picture, a tile and the map
 * agree. Land comes from the basemap's small world dataset down to FINE_LAND_ZOOM and from
 * the fine outline (fine-land.ts) deeper; lakes, rivers and borders only from the small
 * dataset, so only while its kilometre of error is a few pixels (COARSE_DETAIL_ZOOM). Shapes
 * are cut to the view (lineclip) and thinned to a pixel before they are written; names of
 * the largest places (the gazetteer) go where they fit.
 */
import { clipPolygon, clipPolyline, type Point } from 'lineclip';
import { FINE_LAND_ZOOM } from '../../contract/geo';
import { fineLand } from './fine-land';
import { gazetteer } from './gazetteer';
import { mapLayers, meets, type Area, type Box, type Shape } from './map-layers';

/** The basemap style's own colours (@comapeo/fallback-smp). */
const COLOURS = { sea: '#78bced', land: '#ece1cb', boundary: '#828282', pin: '#1f3a6b', label: '#2b2b2b', halo: '#ffffff' };
/** Labels drawn at most, and the room each keeps around it (px). */
const LABELS = { most: 12, font: 13, charWidth: 7.2, height: 16, gap: 6 };
/** Shapes are cut this far outside the view, so no cut edge shows. */
const MARGIN = 8;
/** The deepest zoom lakes, rivers and borders of the small dataset are drawn at. */
const COARSE_DETAIL_ZOOM = 10;
/** A point closer than this (px, along both axes) to the last one drawn is left out. */
const THIN = 0.6;

const worldSize = (zoom: number) => 512 * 2 ** zoom;
export const mercatorY = (lat: number) => {
  const s = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
};
const latitudeAt = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** What a drawing shows: its zoom, size in px, the world pixel at its top-left, and the degrees its frame covers. */
export type View = { zoom: number; size: number; left: number; top: number; width: number; height: number; frame: Box; box: Box };

/** The view `width` × `height` px whose top-left corner is world pixel (left, top) at `zoom`. */
export function viewAt(zoom: number, left: number, top: number, width: number, height: number): View {
  const size = worldSize(zoom);
  const frame: Box = [-MARGIN, -MARGIN, width + MARGIN, height + MARGIN];
  const lonAt = (px: number) => ((left + px) / size) * 360 - 180;
  const latAt = (py: number) => latitudeAt(Math.min(1, Math.max(0, (top + py) / size)));
  return { zoom, size, left, top, width, height, frame, box: [lonAt(frame[0]), latAt(frame[3]), lonAt(frame[2]), latAt(frame[1])] };
}

/** The view centred on (lon, lat). */
export function viewAround(zoom: number, lon: number, lat: number, width: number, height: number): View {
  const size = worldSize(zoom);
  return viewAt(zoom, ((lon + 180) / 360) * size - width / 2, mercatorY(lat) * size - height / 2, width, height);
}

/** A place's pixel in the view. */
export const pixel = (v: View, [lon, lat]: Point): Point => [((lon + 180) / 360) * v.size - v.left, mercatorY(lat) * v.size - v.top];

const n = (x: number) => Math.round(x * 10) / 10;
const path = (points: Point[], close: boolean) => (points.length ? `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}${close ? 'Z' : ''}` : '');

/** A shape's pixels, leaving out points that would land within THIN of the previous one. */
function pixels(v: View, points: Point[]): Point[] {
  const out: Point[] = [];
  let last: Point | null = null;
  for (const p of points) {
    const q = pixel(v, p);
    if (last && Math.abs(q[0] - last[0]) < THIN && Math.abs(q[1] - last[1]) < THIN) continue;
    out.push(q);
    last = q;
  }
  return out;
}

function ringsPath(v: View, rings: Shape[]): string {
  let d = '';
  for (const ring of rings) if (meets(ring.box, v.box)) d += path(clipPolygon(pixels(v, ring.points), v.frame), true);
  return d;
}

/** SVG path data of the areas meeting the view, cut to it (holes drawn by the even-odd rule). */
function areasPath(v: View, areas: Area[]): string {
  let d = '';
  for (const area of areas) if (meets(area[0]!.box, v.box)) d += ringsPath(v, area);
  return d;
}

function linesPath(v: View, lines: Shape[]): string {
  let d = '';
  for (const line of lines) {
    if (!meets(line.box, v.box)) continue;
    for (const part of clipPolyline(pixels(v, line.points), v.frame)) d += path(part, false);
  }
  return d;
}

/**
 * The land: the small dataset's, or the fine cells' as one path filled by winding (the fine
 * outline keeps outer rings only), so cells side by side join without a seam.
 */
async function landPaths(v: View): Promise<string> {
  const fine = v.zoom >= FINE_LAND_ZOOM ? await fineLand() : null;
  if (!fine) return `<path d="${areasPath(v, (await mapLayers()).land)}" fill="${COLOURS.land}" fill-rule="evenodd"/>`;
  const cells = await fine.cells(v.box);
  return `<path d="${cells.map((rings) => ringsPath(v, rings)).join('')}" fill="${COLOURS.land}" fill-rule="nonzero"/>`;
}

const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The largest places' names, each where it fits without covering a room already `taken`
 * (pins, rooms the caller keeps free, names drawn), and inside `inside` (px: west, north,
 * east, south).
 */
async function labels(v: View, taken: Box[], inside: Box): Promise<string> {
  let out = '';
  let drawn = 0;
  for (const place of (await gazetteer()).within({ west: v.box[0], south: v.box[1], east: v.box[2], north: v.box[3] }, LABELS.most * 4)) {
    const [x, y] = pixel(v, [place.lon, place.lat]);
    const w = place.name.length * LABELS.charWidth;
    // The name's baseline: above its dot, else below it, else to its right, clear of a pin on the dot.
    const spots: [number, number, 'middle' | 'start'][] = [
      [x, y - 6, 'middle'],
      [x, y + LABELS.height + 8, 'middle'],
      [x + 8, y + 5, 'start'],
      [x + 16, y + 5, 'start'],
    ];
    const spot = spots.find(([tx, ty, anchor]) => {
      const left = anchor === 'middle' ? tx - w / 2 : tx;
      const room: Box = [left - LABELS.gap, ty - LABELS.height + 4 - LABELS.gap, left + w + LABELS.gap, ty + 4 + LABELS.gap];
      const fits = room[0] >= inside[0] && room[2] <= inside[2] && room[1] >= inside[1] && room[3] <= inside[3] && !taken.some((t) => meets(t, room));
      if (fits) taken.push(room, [x - 3, y - 3, x + 3, y + 3]);
      return fits;
    });
    if (!spot) continue;
    const [tx, ty, anchor] = spot;
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="2.5" fill="${COLOURS.label}"/><text x="${n(tx)}" y="${n(ty)}"${anchor === 'start' ? ' text-anchor="start"' : ''}>${xml(place.name)}</text>`;
    if (++drawn === LABELS.most) break;
  }
  return out;
}

/** A pin whose point is the place. */
const pin = ([x, y]: Point) =>
  `<path transform="translate(${n(x)} ${n(y)})" d="M0 0C-3-8-10-12-10-19a10 10 0 0 1 20 0c0 7-7 11-10 19z" fill="${COLOURS.pin}" stroke="${COLOURS.halo}" stroke-width="2"/><circle cx="${n(x)}" cy="${n(y - 19)}" r="3.5" fill="${COLOURS.halo}"/>`;

export type Drawing = {
  /** Places to pin ([lon, lat]); two are joined by a route's dashed line. */
  pins?: Point[];
  /** Where names may go (px: west, north, east, south); the whole view when unset. */
  labelsInside?: Box;
  /** Rooms names keep off (px), besides the pins. */
  labelsAvoid?: Box[];
};

export async function drawView(v: View, drawing: Drawing = {}): Promise<string> {
  const pins = (drawing.pins ?? []).map((p) => pixel(v, p));
  const route = pins.length > 1 ? `<path d="${path(pins, false)}" fill="none" stroke="${COLOURS.pin}" stroke-width="3" stroke-dasharray="8 6"/>` : '';
  const coarse = v.zoom <= COARSE_DETAIL_ZOOM ? await mapLayers() : null;
  const taken: Box[] = [...pins.map(([x, y]): Box => [x - 12, y - 30, x + 12, y + 2]), ...(drawing.labelsAvoid ?? [])];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${v.width}" height="${v.height}" viewBox="0 0 ${v.width} ${v.height}">`,
    `<rect width="100%" height="100%" fill="${COLOURS.sea}"/>`,
    await landPaths(v),
    coarse ? `<path d="${areasPath(v, coarse.lakes)}" fill="${COLOURS.sea}" fill-rule="evenodd"/>` : '',
    coarse ? `<path d="${linesPath(v, coarse.rivers)}" fill="none" stroke="${COLOURS.sea}" stroke-width="1.2"/>` : '',
    coarse ? `<path d="${linesPath(v, coarse.boundaries)}" fill="none" stroke="${COLOURS.boundary}" stroke-width="1" stroke-dasharray="4 3" opacity="0.6"/>` : '',
    route,
    // Names over a white halo, in the device's own sans-serif: an <img> loads no web fonts.
    `<g font-family="Arial, Helvetica, sans-serif" font-size="${LABELS.font}" fill="${COLOURS.label}" text-anchor="middle" stroke="${COLOURS.halo}" stroke-width="3" paint-order="stroke" stroke-linejoin="round">${await labels(v, taken, drawing.labelsInside ?? [0, 0, v.width, v.height])}</g>`,
    pins.map(pin).join(''),
    '</svg>',
  ].join('');
}
