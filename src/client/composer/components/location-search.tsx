/**
 * 'Find Location' (spec §2.6, §5: the search needs non-empty text): a search box and
 * the gazetteer's places; the chosen one is highlighted. Shared by the location
 * modal and the occasion/transit wizards' location steps.
 */
import { Button, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { searchPlaces } from '../commands';
import type { Place } from '../form';

export type LocationSearchProps = { label?: string; value: Place | null; onChange: (place: Place) => void };

export function LocationSearch({ label = 'Find Location', value, onChange }: LocationSearchProps) {
  const [q, setQ] = useState('');
  const [places, setPlaces] = useState<Place[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const find = async () => {
    if (!q.trim()) return;
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
          onChange={(e) => setQ(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void find();
          }}
        />
        <Button onClick={() => void find()} disabled={!q.trim()} loading={busy}>
          Search
        </Button>
      </Group>
      {value && (
        <Text size="sm" fw={600}>
          📍 {value.place}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
      {busy && <Loader size="xs" />}
      <Stack gap={2} mah={180} style={{ overflowY: 'auto' }}>
        {places?.map((p) => (
          <UnstyledButton key={p.placeId} onClick={() => onChange(p)} p={4} bg={value?.placeId === p.placeId ? 'blue.0' : undefined}>
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
