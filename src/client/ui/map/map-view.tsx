/**
 * The maplibre map of a card, loaded when the member asks to move its picture
 * (place-map.tsx): our basemap style, a marker per place, zoom 15 for one place and 4 for
 * a route (spec §2.5). From FINE_LAND_ZOOM on the style draws the server's tiles (the fine
 * land outline and place names, contract/geo.ts). maplibre 6 bundled needs its worker URL
 * set (TOOLCHAIN.md).
 *
 * The style is a few KB naming its GeoJSON sources by root-relative URL; maplibre 6
 * resolves those against the page (browser.resolveURL) and its worker fetches and parses
 * them, so no source data crosses the main thread. Each map loads the style by URL rather
 * than sharing one fetched object: only the sync worker may fetch (DESIGN.md), and a
 * repeat is served by the HTTP cache (a month, ETag) or the service worker.
 */
import { Map as MapLibre, Marker, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef } from 'react';
import { GEO_PATHS, MAP_ZOOM, TILE_MAX_ZOOM } from '../../../contract/geo';

/** A place to mark. Declared here, the lazy side: place-map.tsx imports it as a type only. */
export type MapPoint = { lat: number; lon: number; name: string };

setWorkerUrl(workerUrl);

/** `focus`: opened by the member's own request (place-map.tsx), so the keyboard moves it at once (maplibre's arrow keys). */
export default function MapView({ points, onFail, focus = false }: { points: MapPoint[]; onFail: () => void; focus?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const fail = useRef(onFail);
  const focusOnOpen = useRef(focus);
  useEffect(() => {
    fail.current = onFail;
  });
  // Redraw only when the places change, not when a live query hands over an equal copy.
  const placesKey = JSON.stringify(points);
  useEffect(() => {
    const places = JSON.parse(placesKey) as MapPoint[];
    const failed = () => fail.current();
    const container = box.current;
    if (!container || places.length === 0) return;
    const lat = places.reduce((s, p) => s + p.lat, 0) / places.length;
    const lon = places.reduce((s, p) => s + p.lon, 0) / places.length;
    let map: MapLibre;
    try {
      map = new MapLibre({
        container,
        style: GEO_PATHS.basemapStyle,
        center: [lon, lat],
        zoom: places.length > 1 ? MAP_ZOOM.route : MAP_ZOOM.place,
        // Two steps past the deepest tiles, which the map then enlarges.
        maxZoom: TILE_MAX_ZOOM + 2,
        attributionControl: false,
        interactive: true,
        // A map in a feed must not take the page's scroll: the wheel (or one finger) moves
        // the feed; Ctrl/⌘ + wheel (two fingers) moves the map, as maplibre tells the member.
        cooperativeGestures: true,
      });
    } catch {
      failed();
      return;
    }
    let loaded = false;
    map.on('load', () => {
      loaded = true;
    });
    // The style itself failed (no basemap served): fall back to the place names.
    map.on('error', () => {
      if (!loaded) failed();
    });
    for (const p of places) new Marker().setLngLat([p.lon, p.lat]).addTo(map);
    if (focusOnOpen.current) map.getCanvas().focus();
    return () => map.remove();
  }, [placesKey]);
  return <div ref={box} style={{ height: 220, borderRadius: 6, overflow: 'hidden' }} aria-label="Map" role="img" />;
}
