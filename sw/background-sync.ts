/**
 * Background Sync wakes the outbox when connectivity returns.
 *
 * The service worker does not replay the outbox itself; it tells the open pages
 * to, and their sync worker (src/client/sync/replay.ts) does the work. Why:
 * - the replay needs the signed-in member's token and their Dexie database, both
 *   owned by the sync worker (one database per member, opened after sign-in);
 * - replay runs in one tab at a time under a Web Locks leader, with backoff and
 *   the failed/401 rules — a second, SW-side copy would race it and fork those rules;
 * - the SW is a separate bundle and must stay small so it updates quickly.
 * With no page open there is no one to replay: the event fails so the browser
 * retries later, and the outbox replays anyway when the app next starts.
 */
declare const self: ServiceWorkerGlobalScope;

/** The tag the page registers (src/client/pwa/register.ts); keep them equal. */
export const OUTBOX_SYNC_TAG = 'billionett-outbox';

/** Background Sync is Chromium-only and absent from TypeScript's WebWorker lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

async function wakeReplay(event: SyncEvent): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // Client.postMessage has no targetOrigin: the rule is written for window.postMessage.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  for (const client of windows) client.postMessage({ type: 'REPLAY' });
  if (windows.length === 0 && !event.lastChance) throw new Error('No open Billionett page to replay the outbox');
}

export function registerBackgroundSync(): void {
  self.addEventListener('sync', (event: Event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(wakeReplay(sync));
  });
}
