/**
 * A card's map as a picture (GEO_PATHS.mapPicture): around one place at MAP_PICTURE.zoom,
 * or around two places joined by a route at the spec's route zoom, drawn as SVG on the
 * server (map-draw.ts) with the places' pins and the names of the largest places in view,
 * which the interactive map's own layers cannot show without glyphs. A feed full of places
 * then shows its maps as pictures (a few KB each, no script), and maplibre loads only when
 * a member asks to move a map: creating a maplibre map cost the phone's main thread
 * hundreds of milliseconds per card (Lighthouse TBT).
 *
 * The card asks for a width a little wider than itself (MAP_PICTURE.widths) and shows the
 * middle (object-fit: cover), so names keep half the slack off each side, and off the
 * corner under its 'Move the map' button.
 */
import { MAP_PICTURE, MAP_ZOOM, type MapPictureQuery } from '../../contract/geo';
import { drawView, viewAround } from './map-draw';

export async function mapPicture(q: MapPictureQuery): Promise<string> {
  const width = q.w ?? MAP_PICTURE.width;
  const { height, slack, button } = MAP_PICTURE;
  const route = q.lat2 !== undefined && q.lon2 !== undefined;
  const lat = route ? (q.lat + q.lat2!) / 2 : q.lat;
  const lon = route ? (q.lon + q.lon2!) / 2 : q.lon;
  const view = viewAround(route ? MAP_ZOOM.route : MAP_PICTURE.zoom, lon, lat, width, height);
  const side = slack / 2;
  return drawView(view, {
    pins: route ? [[q.lon, q.lat], [q.lon2!, q.lat2!]] : [[q.lon, q.lat]],
    labelsInside: [side, 0, width - side, height],
    // The button sits at the right edge of what is shown, which is at most `side` inside the picture's.
    labelsAvoid: [[width - side - button.width, height - button.height, width, height]],
  });
}
