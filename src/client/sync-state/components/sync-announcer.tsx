/**
 * The sync state's live region (polite): says syncAnnouncement's words when the state
 * changes. It is in the page from the start (a region added with its words is often not
 * read), and empties after a while so the same words can be said again next time.
 */
import { VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { syncAnnouncement, type SyncState } from '../announce';

const CLEAR_MS = 10_000;

export function SyncAnnouncer({ online, pending, failed }: SyncState) {
  const [message, setMessage] = useState('');
  const before = useRef<SyncState | undefined>(undefined);
  useEffect(() => {
    const now = { online, pending, failed };
    const said = syncAnnouncement(before.current, now);
    before.current = now;
    if (!said) return;
    setMessage(said);
    const timer = setTimeout(() => setMessage(''), CLEAR_MS);
    return () => clearTimeout(timer);
  }, [online, pending, failed]);
  return (
    <VisuallyHidden role="status" aria-live="polite">
      {message}
    </VisuallyHidden>
  );
}
