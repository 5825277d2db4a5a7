/** An entry's text, at most 3 lines until 'read more'; 'show less' folds it again (spec §2.5). */
import { Anchor, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';

export function PostText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const [long, setLong] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);
  // Measured once laid out (and again when the text changes: the node remounts by key).
  useLayoutEffect(() => {
    const node = ref.current;
    if (node && !open) setLong(node.scrollHeight > node.clientHeight + 1);
  }, [open]);
  if (!text) return null;
  return (
    <div>
      <Text key={text} ref={ref} size="sm" lineClamp={open ? undefined : 3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
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
