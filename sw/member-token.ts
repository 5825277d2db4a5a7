/**
 * The signed-in member's access token, for the one request the service worker makes on their
 * behalf: a ring's Decline when no page is open (call-ring.ts). The sync worker keeps the
 * session in the device database (src/client/store/db.ts); this reads it without Dexie, so
 * the worker stays small. A closed app's token has usually run out (it lives minutes), so it
 * is renewed here exactly as the sync worker renews it (src/client/sync/renewal.ts): under
 * the same Web Lock, re-reading the session once in turn, because a refresh token works once
 * and a second use ends the session.
 */
import { API_BASE } from '../src/contract/codes';
import type { SessionData } from '../src/contract/auth';
// The zod-free file of the paths: contract/auth.ts would bring zod into the service worker.
import { AUTH_PATHS } from '../src/contract/auth-paths';
import { DEVICE_DB, RENEW_LOCK, SESSION_KEY, SESSION_STORE } from '../src/client/store/device-names';

declare const self: ServiceWorkerGlobalScope;

/** As the sync worker: renewed a minute before its end, so the request does not go out with a dying token. */
const RENEW_AHEAD_MS = 60_000;

type Row = SessionData & { key: string };

/** The device database as it is; null when the app never signed in on this device (nothing is created). */
function openDevice(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const request = indexedDB.open(DEVICE_DB);
    request.addEventListener('upgradeneeded', () => request.transaction?.abort());
    request.addEventListener('success', () => resolve(request.result));
    request.addEventListener('error', () => resolve(null));
  });
}

function inStore<T>(db: IDBDatabase, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(SESSION_STORE, mode);
    const request = work(tx.objectStore(SESSION_STORE));
    tx.addEventListener('complete', () => resolve(request.result));
    tx.addEventListener('error', () => reject(tx.error));
    tx.addEventListener('abort', () => reject(tx.error));
  });
}

const fresh = (s: SessionData) => s.expiresAt * 1000 - RENEW_AHEAD_MS > Date.now();

/** A usable token of the member signed in on this device, renewed if need be; null: nobody, or the session is over. */
export async function memberToken(): Promise<string | null> {
  const db = await openDevice();
  if (!db) return null;
  try {
    if (!db.objectStoreNames.contains(SESSION_STORE)) return null;
    const read = () => inStore<Row | undefined>(db, 'readonly', (store) => store.get(SESSION_KEY) as IDBRequest<Row | undefined>);
    const first = await read();
    if (!first) return null;
    if (fresh(first)) return first.accessToken;
    const renew = async (): Promise<string | null> => {
      // In turn: a tab may have renewed meanwhile.
      const stored = await read();
      if (!stored || stored.sessionCode !== first.sessionCode) return null;
      if (fresh(stored)) return stored.accessToken;
      if (!stored.refreshToken) return null;
      const answer = await fetch(`${API_BASE}/${AUTH_PATHS.refresh}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: stored.refreshToken }),
      });
      if (!answer.ok) return null;
      const renewed = ((await answer.json()) as { data?: SessionData }).data;
      if (!renewed?.accessToken) return null;
      await inStore(db, 'readwrite', (store) => store.put({ ...renewed, key: SESSION_KEY }));
      return renewed.accessToken;
    };
    return 'locks' in self.navigator ? await self.navigator.locks.request(RENEW_LOCK, renew) : await renew();
  } finally {
    db.close();
  }
}
