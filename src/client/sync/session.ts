/**
 * Who is signed in on this device, kept in the device database (the worker and the
 * service worker cannot read localStorage). The main thread watches this row with a
 * live query and mirrors it into the spec's localStorage keys accessToken/userData;
 * clearing it is how the worker signs the member out of every tab.
 */
import type { SessionData } from '../../contract/auth';
import { deviceDb, type SessionRow } from '../store/db';

export async function readSession(): Promise<SessionData | null> {
  const row = await deviceDb().session.get('current');
  if (!row) return null;
  const { key: _key, ...session } = row;
  return session;
}

export async function writeSession(session: SessionData): Promise<void> {
  const row: SessionRow = { ...session, key: 'current' };
  await deviceDb().session.put(row);
}

export async function clearSession(): Promise<void> {
  await deviceDb().session.delete('current');
}

/** expiresAt is in seconds since the epoch (contract/auth.ts). */
export const isExpired = (session: SessionData, now = Date.now()) => session.expiresAt * 1000 <= now;

/** The same sign-in: its server session (renewals change the token, not the session), else the same token. */
export const sameSession = (a: SessionData, b: SessionData) => (a.sessionCode !== undefined ? a.sessionCode === b.sessionCode : a.accessToken === b.accessToken);
