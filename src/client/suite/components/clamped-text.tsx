/** Text clamped to one line with 'Read more' / 'Show less', offered only when the line hides something. */
import { Anchor, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';

export function ClampedText({ text, lines = 1 }: { text: string; lines?: number }) {
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    // Measured on resize too: a narrower column can make the same text overflow.
    const observer = new ResizeObserver(() => setOverflows(el.scrollHeight > el.clientHeight + 1));
    observer.observe(el);
    return () => observer.disconnect();
  }, [expanded]);

  return (
    <>
      <Text ref={ref} size="sm" lineClamp={expanded ? undefined : lines} style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
      {(overflows || expanded) && (
        <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
          {expanded ? 'Show less' : 'Read more'}
        </Anchor>
      )}
    </>
  );
}
