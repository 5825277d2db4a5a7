/**
 * A card's map as a picture (GEO_PATHS.mapPicture): the basemap around one place at the
 * zoom the basemap has detail for (BASEMAP_DETAIL_ZOOM), or around two places joined by a
 * route at the spec's route zoom, drawn as SVG on the server — with the places' pins and the
 * names of the largest places in view (the gazetteer), which the interactive map cannot show
 * without glyphs. A feed full of places then shows its maps as pictures (a few KB each, no
 * script), and maplibre loads only when a member asks to move a map: creating a maplibre map
 * cost the phone's main thread hundreds of milliseconds per card (Lighthouse TBT).
 *
 * Web Mercator as the interactive map draws it (maplibre's zoom counts 512-pixel tiles), so
 * the picture and the map it opens into show the same area. Shapes are cut to the view
 * (lineclip) before they are written. The card crops the picture's sides on a narrow screen
 * (object-fit: cover), so no name is drawn across the edges of the widths it is shown at.
 */
import { clipPolygon, clipPolyline, type Point } from 'lineclip';
import { BASEMAP_DETAIL_ZOOM, MAP_PICTURE, MAP_ZOOM, type MapPictureQuery } from '../../contract/geo';
import { gazetteer } from './gazetteer';
import { mapLayers, meets, type Area, type Box, type Shape } from './map-layers';

/** The basemap style's own colours (@comapeo/fallback-smp). */
const COLOURS = { sea: '#78bced', land: '#ece1cb', boundary: '#828282', pin: '#1f3a6b', label: '#2b2b2b', halo: '#ffffff' };
/** Labels drawn at most, and the room each keeps around it (px). */
const LABELS = { most: 12, font: 13, charWidth: 7.2, height: 16, gap: 6 };
/** The widths a card shows the picture's middle at (a phone, a desktop column): names are kept off their edges. */
const SHOWN_WIDTHS = [326, 620];
/** Shapes are cut this far outside the picture, so no cut edge shows. */
const MARGIN = 8;

const worldSize = (zoom: number) => 512 * 2 ** zoom;
const mercatorY = (lat: number) => {
  const s = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
};
const latitudeAt = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

const { width: WIDTH, height: HEIGHT } = MAP_PICTURE;
/** The pixels shapes are cut to: the picture and its margin. */
const FRAME: [number, number, number, number] = [-MARGIN, -MARGIN, WIDTH + MARGIN, HEIGHT + MARGIN];

/** Where a picture looks: the world's size in pixels at its zoom, its centre's pixel, and the degrees its frame covers. */
type View = { size: number; x: number; y: number; box: Box };

function viewOf(q: MapPictureQuery): View {
  const route = q.lat2 !== undefined && q.lon2 !== undefined;
  const lat = route ? (q.lat + q.lat2!) / 2 : q.lat;
  const lon = route ? (q.lon + q.lon2!) / 2 : q.lon;
  const size = worldSize(route ? MAP_ZOOM.route : Math.min(MAP_ZOOM.place, BASEMAP_DETAIL_ZOOM));
  const x = ((lon + 180) / 360) * size;
  const y = mercatorY(lat) * size;
  const lonAt = (px: number) => ((x + px - WIDTH / 2) / size) * 360 - 180;
  const latAt = (py: number) => latitudeAt(Math.min(1, Math.max(0, (y + py - HEIGHT / 2) / size)));
  return { size, x, y, box: [lonAt(FRAME[0]), latAt(FRAME[3]), lonAt(FRAME[2]), latAt(FRAME[1])] };
}

/** A place's pixel in the picture. */
const pixel = (v: View, [lon, lat]: Point): Point => [((lon + 180) / 360) * v.size - v.x + WIDTH / 2, mercatorY(lat) * v.size - v.y + HEIGHT / 2];

const n = (x: number) => Math.round(x * 10) / 10;
const path = (points: Point[], close: boolean) => (points.length ? `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}${close ? 'Z' : ''}` : '');

/** SVG path data of the areas meeting the view, cut to it (holes drawn by the even-odd rule). */
function areasPath(v: View, areas: Area[]): string {
  let d = '';
  for (const area of areas) {
    if (!meets(area[0]!.box, v.box)) continue;
    for (const ring of area) if (meets(ring.box, v.box)) d += path(clipPolygon(ring.points.map((p) => pixel(v, p)), FRAME), true);
  }
  return d;
}

function linesPath(v: View, lines: Shape[]): string {
  let d = '';
  for (const line of lines) {
    if (!meets(line.box, v.box)) continue;
    for (const part of clipPolyline(line.points.map((p) => pixel(v, p)), FRAME)) d += path(part, false);
  }
  return d;
}

const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The largest places' names, each where it fits without covering a pin or another name. */
async function labels(v: View, pins: Point[]): Promise<string> {
  const taken: Box[] = pins.map(([x, y]) => [x - 12, y - 30, x + 12, y + 2]);
  let out = '';
  let drawn = 0;
  for (const place of (await gazetteer()).within({ west: v.box[0], south: v.box[1], east: v.box[2], north: v.box[3] }, LABELS.most * 4)) {
    const [x, y] = pixel(v, [place.lon, place.lat]);
    const w = place.name.length * LABELS.charWidth;
    const room: Box = [x - w / 2 - LABELS.gap, y - LABELS.height - LABELS.gap, x + w / 2 + LABELS.gap, y + 4 + LABELS.gap];
    const cut = SHOWN_WIDTHS.some((shown) => [(WIDTH - shown) / 2, (WIDTH + shown) / 2].some((edge) => room[0] < edge && room[2] > edge));
    if (cut || room[0] < 0 || room[2] > WIDTH || room[1] < 0 || room[3] > HEIGHT || taken.some((t) => meets(t, room))) continue;
    taken.push(room);
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="2.5" fill="${COLOURS.label}"/><text x="${n(x)}" y="${n(y - 6)}">${xml(place.name)}</text>`;
    if (++drawn === LABELS.most) break;
  }
  return out;
}

/** A pin whose point is the place. */
const pin = ([x, y]: Point) =>
  `<path transform="translate(${n(x)} ${n(y)})" d="M0 0C-3-8-10-12-10-19a10 10 0 0 1 20 0c0 7-7 11-10 19z" fill="${COLOURS.pin}" stroke="${COLOURS.halo}" stroke-width="2"/><circle cx="${n(x)}" cy="${n(y - 19)}" r="3.5" fill="${COLOURS.halo}"/>`;

export async function mapPicture(q: MapPictureQuery): Promise<string> {
  const v = viewOf(q);
  const layers = await mapLayers();
  const places: Point[] = [[q.lon, q.lat]];
  if (q.lat2 !== undefined && q.lon2 !== undefined) places.push([q.lon2, q.lat2]);
  const pins = places.map((p) => pixel(v, p));
  const route = pins.length > 1 ? `<path d="${path(pins, false)}" fill="none" stroke="${COLOURS.pin}" stroke-width="3" stroke-dasharray="8 6"/>` : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="100%" height="100%" fill="${COLOURS.sea}"/>`,
    `<path d="${areasPath(v, layers.land)}" fill="${COLOURS.land}" fill-rule="evenodd"/>`,
    `<path d="${areasPath(v, layers.lakes)}" fill="${COLOURS.sea}" fill-rule="evenodd"/>`,
    `<path d="${linesPath(v, layers.rivers)}" fill="none" stroke="${COLOURS.sea}" stroke-width="1.2"/>`,
    `<path d="${linesPath(v, layers.boundaries)}" fill="none" stroke="${COLOURS.boundary}" stroke-width="1" stroke-dasharray="4 3" opacity="0.6"/>`,
    route,
    // Names over a white halo, in the device's own sans-serif: an <img> loads no web fonts.
    `<g font-family="Arial, Helvetica, sans-serif" font-size="${LABELS.font}" fill="${COLOURS.label}" text-anchor="middle" stroke="${COLOURS.halo}" stroke-width="3" paint-order="stroke" stroke-linejoin="round">${await labels(v, pins)}</g>`,
    pins.map(pin).join(''),
    '</svg>',
  ].join('');
}
