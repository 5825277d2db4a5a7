/**
 * The sync worker's surface, as the UI sees it through Comlink (client.ts).
 * The worker owns every network call; the UI reads Dexie and calls these.
 *
 * Public auth calls answer with a `CallResult` (they have no rows to mirror);
 * `pull` mirrors server pages into the member's Dexie database; `kick` asks the
 * outbox to replay now (after a queued write).
 *
 * Forced sign-out (a 401 on any call, or an expired session): the worker clears the
 * session row of the device database (store/db.ts `deviceDb().session`) and keeps
 * the member's database and outbox for their next sign-in. The UI watches that row
 * with a live query, so it learns of the sign-out without a message from the worker
 * (and mirrors the row into localStorage accessToken/userData, spec calls.md).
 */
import type { SignInRequest, SignUpRequest, SessionData } from '../../contract/auth';
import type { Plan } from '../../contract/masters';

export type CallResult<T = undefined> =
  | { ok: true; status: number; message: string; data: T }
  | { ok: false; status: number; message: string; errors?: Record<string, string[]>; offline?: boolean };

/** What a screen can ask the worker to mirror. Later areas add kinds here. */
export type PullRequest =
  | { kind: 'shell' } // profile, plan, menus, masters (privacies, professions, emojis), utilization
  | { kind: 'profile'; userCode: string }
  | { kind: 'personal'; userCode: string };

/** `accessCode` 106: the rows are hidden from this member; the worker removed its cached copy. */
export type PullResult = { ok: boolean; status?: number; message?: string; offline?: boolean; accessCode?: number };

export type SyncStatus = {
  /** false after a request found no network (or the engine says offline), true again on any answer. */
  online: boolean;
  /** The outbox loop is running (sending, or waiting out a backoff). */
  replaying: boolean;
  signedIn: boolean;
};

export interface SyncApi {
  /** Read the session from the device database and begin outbox replay if signed in. */
  start(): Promise<SessionData | null>;
  signIn(input: SignInRequest): Promise<CallResult<SessionData>>;
  signUp(input: SignUpRequest): Promise<CallResult>;
  validateUsername(username: string): Promise<CallResult<{ exists: boolean }>>;
  requestResetPassword(username: string): Promise<CallResult>;
  validateResetToken(token: string): Promise<CallResult>;
  resetPassword(token: string, password: string): Promise<CallResult>;
  plans(): Promise<CallResult<Plan[]>>;
  pull(request: PullRequest): Promise<PullResult>;
  /** A write was queued (or retried): replay the outbox now. */
  kick(): Promise<void>;
  /** Send a failed outbox item again, with the same id (Idempotency-Key). */
  retry(id: string): Promise<void>;
  /** Drop a failed outbox item and re-pull its target's rows, undoing its optimistic change. */
  discard(id: string): Promise<void>;
  status(): Promise<SyncStatus>;
  /** Sign out: drop this member's local database, media cache and session. */
  checkout(): Promise<void>;
}
