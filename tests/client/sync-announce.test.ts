/** What the header's live region says as the sync state changes (sync-state/announce.ts). */
import { describe, expect, it } from 'vitest';
import { syncAnnouncement, type SyncState } from '../../src/client/sync-state/announce';

const s = (online: boolean, pending = 0, failed = 0): SyncState => ({ online, pending, failed });

describe('syncAnnouncement', () => {
  it('says nothing for the first state or for no change', () => {
    expect(syncAnnouncement(undefined, s(false, 3, 1))).toBeUndefined();
    expect(syncAnnouncement(s(true, 1), s(true, 1))).toBeUndefined();
  });

  it('says going offline and coming back, with what will be sent', () => {
    expect(syncAnnouncement(s(true), s(false))).toBe('You are offline. Changes are kept on this device and sent when you are back online.');
    expect(syncAnnouncement(s(false, 2), s(true, 2))).toBe('Back online. Sending 2 changes.');
    expect(syncAnnouncement(s(false), s(true))).toBe('Back online.');
  });

  it('says a write kept offline, not each pending write online', () => {
    expect(syncAnnouncement(s(false, 0), s(false, 1))).toBe('Kept on this device: 1 change waiting to be sent.');
    expect(syncAnnouncement(s(true, 0), s(true, 1))).toBeUndefined();
  });

  it('says refused writes and that everything was delivered', () => {
    expect(syncAnnouncement(s(true, 2, 0), s(true, 1, 1))).toBe('1 change could not be sent. The sync status lists it with Retry and Discard.');
    expect(syncAnnouncement(s(true, 3, 0), s(true, 0, 0))).toBe('All changes sent.');
    expect(syncAnnouncement(s(true, 1, 0), s(true, 0, 1))).toBe('1 change could not be sent. The sync status lists it with Retry and Discard.');
  });
});
