/**
 * The grid's right filter panel (spec §2.11, §5): a service, a place (the gazetteer, from
 * 3 characters) with a radius of the spec's options, and a date range of at most a week
 * (the end defaults to a week after the start). Apply keeps the choice on this device
 * (Dexie), so the grid opens with it next time, offline too; Clear shows everything.
 */
import { Button, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { addDays, BARTER_LOCATION_MIN, FILTER_SPAN_DAYS, RADIUS_OPTIONS_KM } from '../../../contract/barter';
import type { BarterFilters } from '../../store/barter-pages';
import { DateField } from '../../ui/form-parts';
import { LocationSearch } from '../../ui/location-search';
import { useServiceKinds } from '../../ui/use-masters';
import classes from './barter.module.css';

export function BarterFiltersPanel({ me, value, onApply }: { me: string; value: BarterFilters; onApply: (filters: BarterFilters) => void }) {
  const [draft, setDraft] = useState<BarterFilters>(value);
  const kinds = useServiceKinds(me);
  const place =
    draft.latitude !== undefined && draft.longitude !== undefined && draft.place
      ? { placeId: `filter:${draft.place}`, place: draft.place, latitude: draft.latitude, longitude: draft.longitude }
      : null;
  const set = (patch: Partial<BarterFilters>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <Paper withBorder radius="md" p="md" className={classes.filters} component="section" aria-labelledby="barter-filters-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="barter-filters-title">
          Filters
        </Title>
        <Select
          label="Service"
          searchable
          clearable
          placeholder="Any service"
          nothingFoundMessage="No data"
          data={kinds.map((k) => ({ value: k.serviceCode, label: k.serviceName }))}
          value={draft.serviceCode ?? null}
          onChange={(code) => set({ serviceCode: code ?? undefined, serviceName: kinds.find((k) => k.serviceCode === code)?.serviceName })}
          comboboxProps={{ withinPortal: true }}
        />
        <LocationSearch label="Location" minLength={BARTER_LOCATION_MIN} value={place} onChange={(p) => set({ latitude: p.latitude, longitude: p.longitude, place: p.place, radius: draft.radius ?? 20 })} />
        <Select
          label="Radius"
          disabled={!place}
          allowDeselect={false}
          data={RADIUS_OPTIONS_KM.map((km) => ({ value: String(km), label: `${km} km` }))}
          value={draft.radius !== undefined ? String(draft.radius) : null}
          onChange={(km) => set({ radius: km ? Number(km) : undefined })}
          comboboxProps={{ withinPortal: true }}
        />
        <Group grow>
          <DateField
            label="From"
            value={draft.fromdate ?? ''}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
              const from = e.currentTarget.value || undefined;
              set({ fromdate: from, todate: from ? addDays(from, FILTER_SPAN_DAYS) : undefined });
            }}
          />
          <DateField
            label="To"
            disabled={!draft.fromdate}
            min={draft.fromdate}
            max={draft.fromdate ? addDays(draft.fromdate, FILTER_SPAN_DAYS) : undefined}
            value={draft.todate ?? ''}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => set({ todate: e.currentTarget.value || undefined })}
          />
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            onClick={() => {
              setDraft({});
              onApply({});
            }}
          >
            Clear
          </Button>
          <Button onClick={() => onApply(draft)}>Apply</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
