/**
 * Shares from other apps: kept by the service worker (sw/share-target.ts, which imports
 * this module), taken once by the composer — read, then deleted, so a reload or a second
 * tab does not fill a composer twice. A plain IndexedDB database, device-wide (the worker
 * cannot know which member is signed in), without Dexie so the worker stays small.
 */
import { SHARE_DB, SHARE_STORE, type SharedItem } from '../../contract/share';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(SHARE_DB, 1);
    request.addEventListener('upgradeneeded', () => request.result.createObjectStore(SHARE_STORE, { keyPath: 'id' }));
    request.addEventListener('success', () => resolve(request.result));
    request.addEventListener('error', () => reject(request.error));
  });
}

export async function keepShare(item: SharedItem): Promise<void> {
  const db = await open();
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(SHARE_STORE, 'readwrite');
      tx.objectStore(SHARE_STORE).put(item);
      tx.addEventListener('complete', () => resolve());
      tx.addEventListener('error', () => reject(tx.error));
    });
  } finally {
    db.close();
  }
}

/** The share with this id, removed from the inbox; null when there is none (taken already). */
export async function takeShare(id: string): Promise<SharedItem | null> {
  const db = await open();
  try {
    return await new Promise<SharedItem | null>((resolve, reject) => {
      const tx = db.transaction(SHARE_STORE, 'readwrite');
      const store = tx.objectStore(SHARE_STORE);
      let found: SharedItem | null = null;
      const get = store.get(id);
      get.addEventListener('success', () => {
        found = (get.result as SharedItem | undefined) ?? null;
        if (found) store.delete(id);
      });
      tx.addEventListener('complete', () => resolve(found));
      tx.addEventListener('error', () => reject(tx.error));
    });
  } finally {
    db.close();
  }
}
