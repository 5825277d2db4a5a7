/**
 * /barter 'Barter Service' (spec §2.11): 'Add New Service', the paged grid (8 a page)
 * 'Service in your location', and the filter panel. The grid reads Dexie — each filter's
 * pages are mirrored, so what was seen opens offline. The first visit starts from the
 * member's own city (their suite's location, found in the gazetteer) within 40 km; the
 * choice is kept on this device. Adding works offline (queued); edit and trash are online calls.
 */
import { Button, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { BARTER_PAGE_SIZE } from '../../../contract/barter';
import type { BarterFilters } from '../../store/barter-pages';
import { sync } from '../../sync/client';
import { IconBarter } from '../../ui/icons';
import { PageTitle } from '../../ui/page-title';
import { PagedPanel } from '../../ui/paged-panel';
import { usePagePull } from '../../ui/use-page-pull';
import { useMedia } from '../../ui/use-media';
import { keepFilters } from '../commands';
import { useBarterPage, useSavedFilters } from '../queries';
import { BarterFiltersPanel } from './barter-filters';
import classes from './barter.module.css';
import { useServiceActions } from './use-service-actions';

/** The first visit's radius around the member's city (ours: a city and its surroundings). */
const HOME_RADIUS_KM = 40;

/** The member's city as a first filter, or none when it is not found (or offline). */
async function homeFilters(locationName: string | undefined): Promise<BarterFilters> {
  const city = locationName?.split(',')[0]?.trim();
  if (!city) return {};
  const found = await sync.searchPlaces(city).catch(() => null);
  const place = found?.ok ? found.data[0] : undefined;
  return place ? { latitude: place.latitude, longitude: place.longitude, place: place.place, radius: HOME_RADIUS_KM } : {};
}

/** `locationName`: the member's city from their suite; undefined until the suite is read. */
export function BarterScreen({ me, locationName }: { me: string; locationName: string | undefined }) {
  const saved = useSavedFilters(me);
  // Once: the first filters are written when both the saved choice (none) and the city are known.
  const started = useRef(false);
  useEffect(() => {
    if (saved !== null || locationName === undefined || started.current) return;
    started.current = true;
    void homeFilters(locationName).then((filters) => keepFilters(me, filters));
  }, [saved, me, locationName]);
  if (!saved) return <PageTitle title="Barter Service" />;
  // Keyed by the filters: a new choice starts again at page 1.
  return <BarterGrid key={JSON.stringify(saved)} me={me} filters={saved} />;
}

function BarterGrid({ me, filters }: { me: string; filters: BarterFilters }) {
  const wide = useMedia('(min-width: 62em)');
  const [showFilters, setShowFilters] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const actions = useServiceActions(me);
  const view = useBarterPage(me, filters, pageNo);
  const pull = usePagePull({ kind: 'barterPage', filters, pageNo }, actions.reload);

  const where = filters.place ? `${filters.place}, within ${filters.radius} km` : 'Everywhere';
  return (
    <>
      <PageTitle title="Barter Service">
        <Button onClick={actions.add}>
          Add New Service
        </Button>
      </PageTitle>
      <div className={classes.layout}>
        <div>
          <Text size="sm" c="dimmed" mb="xs">
            {where}
            {filters.serviceName ? ` · ${filters.serviceName}` : ''}
            {filters.fromdate ? ` · ${filters.fromdate} to ${filters.todate}` : ''}
          </Text>
          <PagedPanel
            title="Service in your location"
            empty="No Barter found..."
            page={view?.page}
            layout="wide"
            cards={(view?.rows ?? []).map(actions.card)}
            pull={pull}
            pageNo={pageNo}
            pageSize={BARTER_PAGE_SIZE}
            onPage={setPageNo}
            icon={<IconBarter size={26} />}
          />
        </div>
        {/* On a phone the panel waits behind a button, so the grid comes first. */}
        {wide || showFilters ? (
          <BarterFiltersPanel me={me} value={filters} onApply={(next) => void keepFilters(me, next)} />
        ) : (
          <Button variant="default" className={classes.filters} onClick={() => setShowFilters(true)}>
            Filters
          </Button>
        )}
      </div>
      {actions.dialogs}
    </>
  );
}
