/**
 * Follows the worker's copy of the session (deviceDb().session): mirrors a renewed token
 * into the spec's storage keys, and signs this tab out when the worker ends the session:
 * a 401 on any call that a renewal could not mend, or checkout (spec/calls.md §2).
 *
 * Kept apart from store/local-session.ts and loaded lazily by the root, only while signed in,
 * so Dexie is not part of the checkin screen's JavaScript (BUDGETS.md).
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from '../store/live-query';
import { deviceDb, type SessionRow } from '../store/db';
import { sync } from '../sync/client';
import { clearSession, getSession, setSession } from '../store/local-session';

const LOADING = 'loading' as const;

export function useSessionWatch(): void {
  const navigate = useNavigate();
  // null: no row; LOADING: not read yet (useLiveQuery's undefined would mean both).
  const row = useLiveQuery<SessionRow | null, typeof LOADING>(
    async () => (await deviceDb().session.get('current')) ?? null,
    [],
    LOADING,
  );
  // Only a row we have seen disappear counts: right after sign-in the row may not be
  // readable yet, and that must not sign the member straight out again.
  const seen = useRef(false);

  useEffect(() => {
    const signOut = () => {
      clearSession();
      void navigate({ to: '/checkin' });
    };
    // The worker is the judge of a session that outlived a closed app: a 401 while the
    // tab was closed cleared the worker's copy but not localStorage.
    sync.start().then(
      (session) => {
        if (!session && getSession()) signOut();
      },
      () => undefined, // No worker (very old browser): keep the local session.
    );
  }, [navigate]);

  useEffect(() => {
    if (row === LOADING) return;
    const local = getSession();
    if (!local) return;
    if (row && row.id === local.id) {
      seen.current = true;
      // The worker renewed the token (every few minutes): the spec's storage keys follow it.
      if (row.accessToken !== local.accessToken) {
        const { key: _key, ...session } = row;
        setSession(session);
      }
      return;
    }
    if (seen.current) {
      seen.current = false;
      clearSession();
      void navigate({ to: '/checkin' });
    }
  }, [row, navigate]);
}

/** Mounted by the root route while signed in; renders nothing. */
export default function SessionWatch() {
  useSessionWatch();
  return null;
}
