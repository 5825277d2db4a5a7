/**
 * Where an entry happened (spec §2.5) or a barter listing is offered: the place names, and the map drawn by maplibre
 * from our own basemap (contract/geo.ts) — zoom 15 for one place, 4 for a transit route.
 * maplibre (~300 KB gzip) loads only when a card with a place is drawn. If the basemap
 * cannot be loaded (not served, or offline before it was cached) the names stay alone.
 *
 * A maplibre map costs the main thread tens to hundreds of milliseconds to create (style,
 * WebGL setup; the basemap's GeoJSON is fetched and parsed in maplibre's worker), so a
 * card's map is created only once its box is on screen and the page has stopped scrolling for SETTLE_MS (use-settled-in-view.ts):
 * scrolling past cards never creates maps (BUDGETS.md: longest task while scrolling ≤ 50 ms).
 */
import { Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { GEO_CREDIT } from '../../../contract/geo';
import { IconMapPin } from '../icons';
// A type-only import is erased from the build, so maplibre still loads only through import().
import type { MapPoint } from './map-view';
import { useSettledInView } from './use-settled-in-view';

const MapView = lazy(() => import('./map-view'));

/** The places of an entry (OriginalPost.location) or a listing (BarterItem.location): the same fields. */
export type Places = {
  fromplaceName: string | null;
  fromlatitude: number | null;
  fromlongitude: number | null;
  toplaceName: string | null;
  tolatitude: number | null;
  tolongitude: number | null;
};

export function pointsOf(location: Places | null | undefined): MapPoint[] {
  if (!location) return [];
  const points: MapPoint[] = [];
  if (location.fromlatitude !== null && location.fromlongitude !== null)
    points.push({ lat: location.fromlatitude, lon: location.fromlongitude, name: location.fromplaceName ?? '' });
  if (location.tolatitude !== null && location.tolongitude !== null)
    points.push({ lat: location.tolatitude, lon: location.tolongitude, name: location.toplaceName ?? '' });
  return points;
}

export function PlaceMap({ location }: { location: Places | null | undefined }) {
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const shown = useSettledInView(box, Boolean(location));
  if (!location) return null;
  const names = [location.fromplaceName, location.toplaceName].filter(Boolean).join(' → ');
  const points = pointsOf(location);
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        <IconMapPin size={14} style={{ verticalAlign: 'middle' }} /> {names}
      </Text>
      {points.length > 0 && !failed && (
        <div ref={box}>
          {shown ? (
            <Suspense fallback={<Skeleton h={220} radius="sm" />}>
              <MapView points={points} onFail={() => setFailed(true)} />
            </Suspense>
          ) : (
            <Skeleton h={220} radius="sm" animate={false} />
          )}
        </div>
      )}
      <Text size="xs" c="dimmed">
        {GEO_CREDIT}
      </Text>
    </Stack>
  );
}
