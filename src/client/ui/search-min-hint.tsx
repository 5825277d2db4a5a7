/** Under a search page's title: a text shorter than the search's minimum is said so, not searched. */
import { Text } from '@mantine/core';

export function SearchMinHint({ text, min }: { text: string; min: number }) {
  if (text.length === 0 || text.length >= min) return null;
  return (
    <Text size="sm" c="dimmed">
      Type at least {min} characters to search.
    </Text>
  );
}
