/**
 * The calls a visitor makes before there is a member: checkin (a password, a second step, a
 * passkey), registration, a password reset, the plans. They need only the network: no
 * device database until a session is written (sync.worker.ts loads it then), no outbox, no telex socket,
 * no zod. So the worker answers them from this part alone (sync.worker.ts), and the checkin
 * screen's first JavaScript is this, not the whole worker (BUDGETS.md's first-screen row).
 */
import type { SyncApi } from './api';
import * as auth from './auth-calls';
import type { Http } from './http';

export const PUBLIC_CALLS = [
  'signIn',
  'signInSecondFactor',
  'passkeySignInOptions',
  'signInWithPasskey',
  'signUp',
  'validateUsername',
  'requestResetPassword',
  'validateResetToken',
  'resetPassword',
  'plans',
] as const satisfies readonly (keyof SyncApi)[];

export type PublicSync = Pick<SyncApi, (typeof PUBLIC_CALLS)[number]>;

export type PublicHooks = {
  /** Keeps a session answered (auth-calls.ts WriteSession). */
  writeSession: auth.WriteSession;
  /** Each answer says whether the server was reached (the worker's status() reports it). */
  reachable(value: boolean): void;
  /** A session was written: the member's queued writes may go (the outbox loop, create-sync.ts). */
  signedIn(): Promise<void>;
};

/** Wraps a call without a member so its answer tells `reachable` whether the server was reached. */
export const reporting =
  (reachable: PublicHooks['reachable']) =>
  async <R extends { ok: boolean; offline?: boolean }>(call: Promise<R>): Promise<R> => {
    const result = await call;
    reachable(!(!result.ok && result.offline));
    return result;
  };

export function createPublicSync(http: Http, hooks: PublicHooks): PublicSync {
  const publicCall = reporting(hooks.reachable);
  /** A call that may answer a session: once it did, the member's outbox may be delivered. */
  const signingIn = async <R extends { ok: boolean; data?: unknown }>(call: Promise<R>): Promise<R> => {
    const result = await publicCall(call);
    // A challenge (two-step sign-in) is no session yet: the second step's answer is.
    if (result.ok && !(typeof result.data === 'object' && result.data !== null && 'challenge' in result.data)) await hooks.signedIn();
    return result;
  };
  return {
    // The member's outbox may hold writes from before a 401: delivered once signed in.
    signIn: (input) => signingIn(auth.signIn(http, hooks.writeSession, input)),
    signInSecondFactor: (challenge, step) => signingIn(auth.signInSecondFactor(http, hooks.writeSession, challenge, step)),
    passkeySignInOptions: () => publicCall(auth.passkeySignInOptions(http)),
    signInWithPasskey: (response, rememberMe) => signingIn(auth.signInWithPasskey(http, hooks.writeSession, response, rememberMe)),
    signUp: (input) => publicCall(auth.signUp(http, input)),
    validateUsername: (username) => publicCall(auth.validateUsername(http, username)),
    requestResetPassword: (username) => publicCall(auth.requestResetPassword(http, username)),
    validateResetToken: (token) => publicCall(auth.validateResetToken(http, token)),
    resetPassword: (token, password) => publicCall(auth.resetPassword(http, token, password)),
    plans: () => publicCall(auth.plans(http)),
  };
}
