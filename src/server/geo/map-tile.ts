/**
 * A tile of the interactive map from FINE_LAND_ZOOM on (GEO_PATHS.basemapTiles): the same
 * drawing as the pictures (map-draw.ts), 512 px, as a PNG (maplibre decodes raster tiles as
 * bitmaps, which SVG is not). Names are drawn only whole inside their tile, so none is cut
 * at a tile's edge.
 */
import { loadSharp } from '../sharp';
import type { MapTileParams } from '../../contract/geo';
import { drawView, viewAt } from './map-draw';

const TILE = 512;

export async function mapTile({ z, x, y }: MapTileParams): Promise<Buffer> {
  const sharp = await loadSharp();
  const svg = await drawView(viewAt(z, x * TILE, y * TILE, TILE, TILE));
  return sharp(Buffer.from(svg)).png({ palette: true, compressionLevel: 9, effort: 4 }).toBuffer();
}
