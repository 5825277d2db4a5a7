/**
 * Checkout ends the session on the server (AUTH_PATHS.signOut), so a copy of its tokens
 * is worth nothing. The device forgets the session at once either way; the refresh token
 * is kept only in `signOuts` until the server has heard — at once when online, else when
 * the network is back (the worker's start and its `online` event send what waits).
 */
import { AUTH_PATHS, type SessionData } from '../../contract/auth';
import { deviceDb } from '../store/db';
import type { Http } from './http';

export async function endSessionOnServer(http: Http, session: SessionData): Promise<void> {
  // A session from before sessions were kept on the server has nothing to end there.
  if (!session.refreshToken) return;
  await deviceDb().signOuts.put({ refreshToken: session.refreshToken, at: Date.now() });
  void sendPendingSignOuts(http);
}

let queue: Promise<void> = Promise.resolve();

/** Sends every waiting Checkout (one pass after another); one answered is done, one unanswered waits on. */
export function sendPendingSignOuts(http: Http): Promise<void> {
  queue = queue.then(async () => {
    for (const row of await deviceDb().signOuts.toArray()) {
      const result = await http.send(AUTH_PATHS.signOut, { method: 'POST', body: { refreshToken: row.refreshToken } });
      if (result.kind === 'retryable') return;
      await deviceDb().signOuts.delete(row.refreshToken);
    }
  }).catch(() => undefined);
  return queue;
}
