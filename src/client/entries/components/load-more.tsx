/**
 * 'Load more entries' under a feed: the next page without scrolling (a keyboard, switch or
 * voice member reaches it by Tab or by name; scrolling near the end still loads by itself).
 * While the page loads it stays where it is and focusable — a disabled button would drop
 * focus to the page — and says so (aria-busy, 'Loading more entries…').
 */
import { Button, Loader } from '@mantine/core';

export function LoadMore({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  return (
    <Button
      variant="light"
      fullWidth
      aria-busy={loading}
      aria-disabled={loading || undefined}
      leftSection={loading ? <Loader size="xs" /> : undefined}
      onClick={() => {
        if (!loading) onLoad();
      }}
    >
      {loading ? 'Loading more entries…' : 'Load more entries'}
    </Button>
  );
}
