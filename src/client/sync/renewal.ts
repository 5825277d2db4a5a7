/**
 * Renewing the access token (server: routes/auth/sessions.ts). An access token lives
 * minutes; the session's refresh token renews it, once — each renewal answers the next
 * one, and an old one presented again ends the session (it can only be a copy). So two
 * tabs of this device must never renew with the same token: a Web Lock makes them take
 * turns, and the one that waited re-reads the device's session and finds it renewed.
 */
import { AUTH_PATHS, type SessionData } from '../../contract/auth';
import { RENEW_LOCK } from '../store/device-names';
import type { Http } from './http';
import { readSession, writeSession } from './session';

/** Renewed ahead of its end by this much, so no request goes out with a dying token. */
export const RENEW_AHEAD_MS = 60_000;

/** replaced: the device signed in anew meanwhile (another tab): nothing of the old session to end. */
export type Renewed = { kind: 'renewed'; session: SessionData } | { kind: 'ended' } | { kind: 'replaced' } | { kind: 'offline' };

export const needsRenewal = (session: SessionData, now = Date.now()) =>
  session.refreshToken !== undefined && session.expiresAt * 1000 - RENEW_AHEAD_MS <= now;

export function createRenewal(http: Http, locks: LockManager | null): (stale: SessionData) => Promise<Renewed> {
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => (locks ? locks.request(RENEW_LOCK, run) : run());
  let pending: Promise<Renewed> | null = null;
  const renew = (stale: SessionData) =>
    inTurn(async (): Promise<Renewed> => {
      const stored = await readSession();
      if (!stored || stored.id !== stale.id || stored.sessionCode !== stale.sessionCode) return { kind: 'replaced' };
      // Another tab renewed while this one waited.
      if (stored.accessToken !== stale.accessToken && !needsRenewal(stored)) return { kind: 'renewed', session: stored };
      if (!stored.refreshToken) return { kind: 'ended' };
      const result = await http.send<SessionData>(AUTH_PATHS.refresh, { method: 'POST', body: { refreshToken: stored.refreshToken } });
      if (result.kind === 'ok' && result.body.data) {
        await writeSession(result.body.data);
        return { kind: 'renewed', session: result.body.data };
      }
      // Refused (401, or a 4xx for a malformed token): the session is over. Else try later.
      return result.kind === 'unauthorized' || result.kind === 'rejected' ? { kind: 'ended' } : { kind: 'offline' };
    });
  // One renewal at a time in this worker too: every request that found the token dying waits for it.
  return (stale) => (pending ??= renew(stale).finally(() => (pending = null)));
}
