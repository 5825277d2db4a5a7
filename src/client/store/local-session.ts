/**
 * The main thread's view of who is signed in (spec/product.md §3 "User session").
 *
 * The spec keeps the token and the user data in browser storage under the keys
 * accessToken and userData; route guards read them synchronously here, before any
 * screen renders. The worker keeps its own copy in the device database (it cannot
 * read localStorage, sync/session.ts); shell/session-watch.tsx follows that copy and
 * calls `clearSession()` when the worker ends the session. This file stays free of
 * Dexie so the first screen (checkin) does not pay for it. It lives in store/, not in
 * the shell, because an area (auth's checkin) writes it and areas never import the shell.
 */
import type { SessionData } from '../../contract/auth';
import { STORAGE_KEYS } from '../../contract/codes';

/**
 * userData as stored: the session minus the token, which has its own key, and minus the
 * refresh token, which never leaves the device database (only the sync worker renews).
 */
type StoredUser = Omit<SessionData, 'accessToken' | 'refreshToken'>;

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can throw (private mode, blocked cookies): act as signed out.
    return null;
  }
}

/** The stored session, or null when there is none or it cannot be read. */
export function getSession(): SessionData | null {
  const store = storage();
  const accessToken = store?.getItem(STORAGE_KEYS.accessToken);
  const raw = store?.getItem(STORAGE_KEYS.userData);
  if (!accessToken || !raw) return null;
  try {
    const user = JSON.parse(raw) as StoredUser;
    if (!user || typeof user.id !== 'string') return null;
    return { ...user, accessToken };
  } catch {
    return null;
  }
}

export function setSession(data: SessionData): void {
  const { accessToken, refreshToken: _renewsInTheWorker, ...user } = data;
  const store = storage();
  store?.setItem(STORAGE_KEYS.accessToken, accessToken);
  store?.setItem(STORAGE_KEYS.userData, JSON.stringify(user satisfies StoredUser));
  notify();
}

export function clearSession(): void {
  const store = storage();
  store?.removeItem(STORAGE_KEYS.accessToken);
  store?.removeItem(STORAGE_KEYS.userData);
  notify();
}

/**
 * Signed in: a session kept on the server (its access token lives minutes and the worker
 * renews it; a session the server ended is cleared by the worker), or an older token that
 * has not passed its expiry (expiresAt is in seconds).
 */
export function isSignedIn(now: number = Date.now()): boolean {
  const session = getSession();
  if (!session) return false;
  return session.sessionCode !== undefined || !session.expiresAt || session.expiresAt * 1000 > now;
}

/**
 * Called when the session changes: in this tab (setSession/clearSession) or in another
 * tab (the storage event), so the root can start or stop the session watch.
 */
export function onSessionChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.accessToken || event.key === STORAGE_KEYS.userData) listener();
  };
  listeners.add(listener);
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

function notify(): void {
  for (const listener of listeners) listener();
}
