/**
 * 'Find Location' (spec §2.6, §5: the search needs non-empty text; barter's from 3
 * characters): a search box and the gazetteer's places; the chosen one is highlighted.
 * Shared by the composer's location modal and wizards and the barter form and filters.
 */
import { Button, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { LocationDetails } from '../../contract/entries';
import { IconMapPin } from './icons';
import type { CallResult } from '../sync/api';
import { sync } from '../sync/client';

type Place = LocationDetails;

const searchPlaces = (q: string): Promise<CallResult<Place[]>> =>
  sync.searchPlaces(q).catch((error: unknown) => ({ ok: false, status: 0, message: error instanceof Error ? error.message : 'The sync worker failed.' }));

export type LocationSearchProps = {
  label?: string;
  value: Place | null;
  onChange: (place: Place) => void;
  /** Characters the text needs before a search (1: non-empty). */
  minLength?: number;
  disabled?: boolean;
  error?: React.ReactNode;
};

export function LocationSearch({ label = 'Find Location', value, onChange, minLength = 1, disabled, error: fieldError }: LocationSearchProps) {
  const [q, setQ] = useState('');
  const [places, setPlaces] = useState<Place[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = q.trim().length >= minLength;
  const find = async () => {
    if (!ready) return;
    setBusy(true);
    const result = await searchPlaces(q);
    setBusy(false);
    setError(result.ok ? null : result.message);
    setPlaces(result.ok ? result.data : []);
  };
  return (
    <Stack gap="xs">
      <Group gap={6} wrap="nowrap" align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          label={label}
          placeholder="Find Location"
          value={q}
          disabled={disabled}
          error={fieldError}
          onChange={(e) => setQ(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter searches; inside a form it must not submit the form too.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void find();
          }}
        />
        <Button onClick={() => void find()} disabled={!ready || disabled} loading={busy}>
          Search
        </Button>
      </Group>
      {value && (
        <Group gap={4} wrap="nowrap" data-chosen-place>
          <IconMapPin size={14} aria-hidden="true" />
          <Text size="sm" fw={600}>
            {value.place}
          </Text>
        </Group>
      )}
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
      {busy && <Loader size="xs" />}
      <Stack gap={2} mah={180} style={{ overflowY: 'auto' }}>
        {places?.map((p) => (
          <UnstyledButton key={p.placeId} onClick={() => onChange(p)} p={4} bg={value?.placeId === p.placeId ? 'var(--mantine-color-blue-light)' : undefined}>
            <Text size="sm">{p.place}</Text>
          </UnstyledButton>
        ))}
        {places?.length === 0 && !error && (
          <Text size="sm" c="dimmed">
            No data
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
