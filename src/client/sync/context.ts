/**
 * What the worker's modules share: the HTTP door, the signed-in member (session +
 * their Dexie database), and what to do when the server says the session is over.
 * Authed calls go through `authed`, so a 401 anywhere signs the member out the same way.
 */
import type { SessionData } from '../../contract/auth';
import type { MemberDb } from '../store/db';
import { OFFLINE_MESSAGE, type Http, type HttpResult, type RequestOptions } from './http';
import { needsRenewal } from './renewal';

export type Member = { session: SessionData; db: MemberDb };

export type SyncContext = {
  http: Http;
  /** The signed-in member, or null when nobody is (or the session ended). */
  member(): Member | null;
  /** A 401: clear the session (keep the member's db and outbox), stop replay, tell listeners. */
  sessionEnded(): Promise<void>;
  /** Every answer (or its absence) tells us whether the network is reachable. */
  noteReachable(reachable: boolean): void;
  /**
   * New tokens for `member`'s session (renewal.ts): the member with them; null when the
   * session is over (already ended here); 'offline' when the server could not be asked.
   */
  renew(member: Member): Promise<Member | null | 'offline'>;
};

const ENDED: HttpResult<never> = { kind: 'unauthorized', status: 401, message: 'Please sign in again.' };
const OFFLINE: HttpResult<never> = { kind: 'retryable', status: 0, message: OFFLINE_MESSAGE, offline: true };

export async function authed<T>(
  ctx: SyncContext,
  member: Member,
  path: string,
  options: RequestOptions = {},
): Promise<HttpResult<T>> {
  let who = member;
  // A token about to end is renewed first; offline, the request goes with it and fails alike.
  if (needsRenewal(who.session)) {
    const renewed = await ctx.renew(who);
    if (renewed === null) return ENDED;
    if (renewed !== 'offline') who = renewed;
  }
  const result = await send<T>(ctx, who, path, options);
  if (result.kind !== 'unauthorized' || !who.session.refreshToken) return settle(ctx, who, result);
  // Refused: the token may have ended early (this device slept); renew once and try again.
  const renewed = await ctx.renew(who);
  if (renewed === null) return ENDED;
  if (renewed === 'offline') return OFFLINE;
  return settle(ctx, renewed, await send<T>(ctx, renewed, path, options));
}

async function send<T>(ctx: SyncContext, who: Member, path: string, options: RequestOptions): Promise<HttpResult<T>> {
  const { accessToken, tokenType } = who.session;
  const result = await ctx.http.send<T>(path, { ...options, token: accessToken, tokenType });
  ctx.noteReachable(!(result.kind === 'retryable' && result.offline));
  return result;
}

/** A 401 that stands ends the session — only the one the request was made with: a newer sign-in must survive a late 401. */
async function settle<T>(ctx: SyncContext, who: Member, result: HttpResult<T>): Promise<HttpResult<T>> {
  if (result.kind === 'unauthorized' && ctx.member()?.session.accessToken === who.session.accessToken) await ctx.sessionEnded();
  return result;
}
