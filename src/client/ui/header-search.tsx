/** The global search box 'Search for anything...' (spec §2.3); empty text does nothing. */
import { TextInput } from '@mantine/core';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { IconSearch } from './icons';
import { searchHref } from './search-target';

export function HeaderSearch({ onDone }: { onDone?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Start from the current query on a search page, so the box shows what was searched.
  const searched = new URLSearchParams(location.searchStr).get('q') ?? '';
  const [text, setText] = useState(searched);
  // A search made from the other box (header or section menu) shows in this one too:
  // adjusted while rendering, when the searched text changes (no effect, no extra paint).
  const [shown, setShown] = useState(searched);
  if (searched !== shown) {
    setShown(searched);
    if (searched) setText(searched);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    void navigate({ href: searchHref(location.pathname, trimmed) });
    onDone?.();
  };

  return (
    <form role="search" onSubmit={submit} style={{ width: '100%' }}>
      <TextInput
        size="sm"
        radius="xl"
        type="search"
        aria-label="Search"
        placeholder="Search for anything..."
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
    </form>
  );
}
