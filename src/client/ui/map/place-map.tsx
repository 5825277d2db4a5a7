/**
 * Where an entry happened (spec §2.5) or a barter listing is offered: the place names, and
 * the map — first as a picture the server draws from our own basemap (GEO_PATHS.mapPicture:
 * land and water, the places' pins, the names of the largest places around), and as the
 * interactive maplibre map once the member asks to move it (zoom 15 for one place, capped
 * at the basemap's detail; 4 for a transit route).
 *
 * A maplibre map costs a phone's main thread hundreds of milliseconds to create (style,
 * WebGL; ~300 KB gzip of script before the first), so a feed of places used to stall its
 * first screen (Lighthouse TBT) and could only create maps once scrolling settled. A
 * picture is an <img>: a few KB, decoded off the main thread, cached by the service worker
 * with the rest of the basemap. If it cannot be loaded (offline, never seen) the names stay
 * alone; if the interactive map fails, the picture comes back. The picture is asked for at
 * the card's width, rounded up to a few steps (mapPictureWidth), so names are drawn where
 * the card shows them and clear of the button.
 */
import { Box, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { GEO_CREDIT, GEO_PATHS, MAP_PICTURE, mapPictureWidth } from '../../../contract/geo-paths';
import { IconMapPin } from '../icons';
// A type-only import is erased from the build, so maplibre still loads only through import().
import type { MapPoint } from './map-view';

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
  const [moving, setMoving] = useState(false);
  const [mapFailed, setMapFailed] = useState(false);
  const [pictureFailed, setPictureFailed] = useState(false);
  const { ref: frame, width: shown } = useElementSize();
  if (!location) return null;
  const names = [location.fromplaceName, location.toplaceName].filter(Boolean).join(' → ');
  const points = pointsOf(location);
  const interactive = moving && !mapFailed;
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        <IconMapPin size={14} style={{ verticalAlign: 'middle' }} /> {names}
      </Text>
      {points.length > 0 && interactive && (
        <Suspense fallback={<Skeleton h={MAP_PICTURE.height} radius="sm" />}>
          <MapView points={points} onFail={() => setMapFailed(true)} focus />
        </Suspense>
      )}
      {points.length > 0 && !interactive && !pictureFailed && (
        <Box pos="relative" ref={frame} h={MAP_PICTURE.height}>
          {shown > 0 && (
            <img
              src={GEO_PATHS.mapPicture(points, mapPictureWidth(shown))}
              alt={`Map of ${names || 'the place'}`}
              width={mapPictureWidth(shown)}
              height={MAP_PICTURE.height}
              loading="lazy"
              decoding="async"
              onError={() => setPictureFailed(true)}
              style={{ display: 'block', width: '100%', height: MAP_PICTURE.height, objectFit: 'cover', borderRadius: 6 }}
            />
          )}
          <Button size="compact-sm" variant="white" color="dark" pos="absolute" right={8} bottom={8} onClick={() => setMoving(true)}>
            Move the map
          </Button>
        </Box>
      )}
      <Text size="xs" c="dimmed">
        {GEO_CREDIT}
      </Text>
    </Stack>
  );
}
