/**
 * The sync worker's surface, as the UI sees it through Comlink (client.ts).
 * The worker owns every network call; the UI reads Dexie and calls these.
 *
 * Public auth calls answer with a `CallResult` (they have no rows to mirror);
 * `pull` mirrors server pages into the member's Dexie database; `kick` asks the
 * outbox to replay now (after a queued write).
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

export type PullResult = { ok: boolean; status?: number; message?: string; offline?: boolean };

export type SyncStatus = { online: boolean; replaying: boolean };

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
  /** Sign out: drop this member's local database, media cache and session. */
  checkout(): Promise<void>;
}
