/**
 * What the header's live region says when the sync state changes (sync-announcer.tsx): the
 * moments a member who cannot see the cloud icon needs to hear — going offline, coming
 * back, writes refused, everything delivered, and — offline — that a write was kept. Not
 * each pending count online: it comes and goes within a second.
 */
export type SyncState = { online: boolean; pending: number; failed: number };

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

export function syncAnnouncement(before: SyncState | undefined, now: SyncState): string | undefined {
  // The first state seen is the page's, not a change.
  if (!before) return undefined;
  const said: string[] = [];
  if (before.online && !now.online) said.push('You are offline. Changes are kept on this device and sent when you are back online.');
  if (!before.online && now.online) said.push(now.pending > 0 ? `Back online. Sending ${changes(now.pending)}.` : 'Back online.');
  // Offline, a write kept on the device is the only sign it was taken.
  if (!now.online && before.online === now.online && now.pending > before.pending) said.push(`Kept on this device: ${changes(now.pending)} waiting to be sent.`);
  if (now.failed > before.failed) {
    const refused = now.failed - before.failed;
    said.push(`${changes(refused)} could not be sent. The sync status lists ${refused === 1 ? 'it' : 'them'} with Retry and Discard.`);
  }
  if (now.online && before.pending > 0 && now.pending === 0 && now.failed <= before.failed) said.push('All changes sent.');
  return said.length ? said.join(' ') : undefined;
}
