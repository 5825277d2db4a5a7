/** An entry's text, at most 3 lines until 'read more'; 'show less' folds it again (spec §2.5). */
import { Anchor, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';

export function PostText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const [long, setLong] = useState(false);
  // Whether the folded text overflows 3 lines, read in a ResizeObserver callback: it runs
  // after the browser's own layout, so reading scrollHeight there is free — a layout effect
  // forced a layout of the whole page for every card mounted, the main cost of scrolling a
  // long feed (BUDGETS.md). flushSync draws 'read more' in the same frame as the text.
  // A ref callback with cleanup (React 19): the node is new whenever the text changes (key).
  const ref = useCallback(
    (node: HTMLParagraphElement | null) => {
      if (!node || open || typeof ResizeObserver === 'undefined') return;
      const observer = new ResizeObserver(() => {
        const overflows = node.scrollHeight > node.clientHeight + 1;
        flushSync(() => setLong(overflows));
      });
      observer.observe(node);
      return () => observer.disconnect();
    },
    [open],
  );
  if (!text) return null;
  return (
    <div>
      {/* dir="auto": a member writes in their own script; Arabic or Hebrew reads right to left. */}
      <Text key={text} ref={ref} dir="auto" size="sm" lineClamp={open ? undefined : 3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      {(long || open) && (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen(!open)}>
          {open ? 'show less' : 'read more'}
        </Anchor>
      )}
    </div>
  );
}
