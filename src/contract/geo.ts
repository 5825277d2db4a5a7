/**
 * Places and maps (geo-paths.ts says why they are ours): the schemas of the place search,
 * the map pictures and the tiles.
 */
import { z } from 'zod';
import { MAP_PICTURE, type MapPictureWidth } from './geo-paths';

export { GEO_CREDIT, GEO_PATHS, MAP_PICTURE, mapPictureWidth, type MapPictureWidth } from './geo-paths';

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
