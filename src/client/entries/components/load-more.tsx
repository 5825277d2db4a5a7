/**
 * 'Load more entries' under a feed: the next page without scrolling (a keyboard, switch or
 * voice member reaches it by Tab or by name; scrolling near the end still loads by itself).
 * While the page loads it stays where it is and focusable — a disabled button would drop
 * focus to the page — and says so (aria-busy, 'Loading more entries…').
 */
import { Button, Loader } from '@mantine/core';

/** `onLoad` is called on every press; the feed decides what it means while a page is loading. */
export function LoadMore({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  return (
    <Button
      variant="light"
      fullWidth
      aria-busy={loading}
      aria-disabled={loading || undefined}
      leftSection={loading ? <Loader size="xs" /> : undefined}
      // Pressed while loading it still counts: the feed asks for the page after this one.
      onClick={onLoad}
    >
      {loading ? 'Loading more entries…' : 'Load more entries'}
    </Button>
  );
}
