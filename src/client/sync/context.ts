/**
 * What the worker's modules share: the HTTP door, the signed-in member (session +
 * their Dexie database), and what to do when the server says the session is over.
 * Authed calls go through `authed`, so a 401 anywhere signs the member out the same way.
 */
import type { SessionData } from '../../contract/auth';
import type { MemberDb } from '../store/db';
import type { Http, HttpResult, RequestOptions } from './http';

export type Member = { session: SessionData; db: MemberDb };

export type SyncContext = {
  http: Http;
  /** The signed-in member, or null when nobody is (or the session ended). */
  member(): Member | null;
  /** A 401: clear the session (keep the member's db and outbox), stop replay, tell listeners. */
  sessionEnded(): Promise<void>;
  /** Every answer (or its absence) tells us whether the network is reachable. */
  noteReachable(reachable: boolean): void;
};

export async function authed<T>(
  ctx: SyncContext,
  member: Member,
  path: string,
  options: RequestOptions = {},
): Promise<HttpResult<T>> {
  const { accessToken, tokenType } = member.session;
  const result = await ctx.http.send<T>(path, { ...options, token: accessToken, tokenType });
  ctx.noteReachable(!(result.kind === 'retryable' && result.offline));
  // Only end the session the request was made with: a newer sign-in must survive a late 401.
  if (result.kind === 'unauthorized' && ctx.member()?.session.accessToken === accessToken) await ctx.sessionEnded();
  return result;
}
