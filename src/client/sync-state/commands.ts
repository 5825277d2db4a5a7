/**
 * Retry and Discard of a refused write. The worker owns delivery: it puts the item
 * back in the queue (same id, so the server still applies it once) or drops it and
 * re-pulls its target so the optimistic change disappears.
 */
import { sync } from '../sync/client';

export const retryWrite = (id: string): Promise<void> => sync.retry(id);
export const discardWrite = (id: string): Promise<void> => sync.discard(id);
