/**
 * A searchable lookup against the server (spec/calls.md: "company, position and
 * location lookups append the typed text to the path"). The worker asks; the answer
 * is shown, not mirrored. The chosen item stays in the list so its name shows.
 * Offline the list says so instead of pretending nothing matched.
 */
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LookupItem, LookupKind } from '../../../contract/vault';
import { lookup } from '../commands';

export type LookupSelectProps = {
  kind: LookupKind;
  label: string;
  placeholder: string;
  value: LookupItem | null;
  onChange: (item: LookupItem | null) => void;
  error?: ReactNode;
};

const LOOKUP_DELAY_MS = 250;
type Answer = { text: string; items: LookupItem[]; message?: string };

export function LookupSelect({ kind, label, placeholder, value, onChange, error }: LookupSelectProps) {
  const [search, setSearch] = useState(value?.name ?? '');
  const [typed] = useDebouncedValue(search.trim(), LOOKUP_DELAY_MS);
  const [answer, setAnswer] = useState<Answer>({ text: '', items: [] });
  // Picking an item sets the search to its name: no need to ask again for it.
  const wanted = typed && typed !== value?.name ? typed : '';
  const loading = wanted !== '' && answer.text !== wanted;

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    lookup(kind, wanted).then(
      (result) => live && setAnswer({ text: wanted, items: result.ok ? result.data : [], message: result.ok ? undefined : result.message }),
      () => live && setAnswer({ text: wanted, items: [], message: 'The lookup failed.' }),
    );
    return () => {
      live = false;
    };
  }, [kind, wanted]);

  const data = useMemo(() => {
    const found = answer.items;
    const items = value && !found.some((f) => f.code === value.code) ? [value, ...found] : found;
    return items.map((item) => ({ value: item.code, label: item.name }));
  }, [answer.items, value]);

  return (
    <Select
      label={label}
      size="md"
      placeholder={placeholder}
      required
      withAsterisk
      searchable
      clearable
      data={data}
      value={value?.code ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the typed text; the list must not filter again.
      filter={({ options }) => options}
      nothingFoundMessage={loading ? 'Searching…' : (answer.message ?? (search.trim() ? 'No data' : 'Type to search'))}
      rightSection={loading ? <Loader size={14} /> : undefined}
      onChange={(code) => {
        const item = code ? (data.find((d) => d.value === code) ?? null) : null;
        onChange(item ? { code: item.value, name: item.label } : null);
      }}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
