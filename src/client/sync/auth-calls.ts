/**
 * The public calls of spec/calls.md "Authentication and registration". They have
 * no rows to mirror, so they answer a CallResult; sign-in also writes the session
 * into the device database (session.ts). A 401 here is a refused password, not an
 * ended session, so it is shown like any other refusal.
 */
import type { SessionData, SignInRequest, SignUpRequest } from '../../contract/auth';
import { AUTH_PATHS, PASSKEY_PATHS, SECOND_FACTOR_PATHS } from '../../contract/auth-paths';
import { CODE_EXISTS } from '../../contract/codes';
import type { SecondFactorChallenge } from '../../contract/second-factor';
import type { PasskeyAssertion, PasskeyRequestOptions } from '../../contract/passkeys';
import { MASTER_PATHS } from '../../contract/master-paths';
import type { Plan } from '../../contract/masters';
import { classifyUsername, isEmail } from '../../contract/rules';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import type { Http, HttpResult } from './http';

/**
 * Writes the session into the device database (session.ts). Passed in, not imported: the
 * worker's visitor part loads the device database (Dexie) only once a session is to be
 * written, so the checkin screen's worker needs none of it while the member types (public-sync.ts).
 */
export type WriteSession = (session: SessionData) => Promise<void>;

const none = () => undefined;

/** What answers a sign-in's second step. */
export type SecondStep = { code: string } | { passkey: PasskeyAssertion };

/**
 * A session (written to the device), or — for a member with two-step sign-in — the
 * challenge the code goes with (signInSecondFactor); nothing is written then.
 */
export async function signIn(http: Http, writeSession: WriteSession, input: SignInRequest): Promise<CallResult<SessionData | SecondFactorChallenge>> {
  // The spec sends the login name twice: as typed, and split into emailId or mobileNo.
  const split = classifyUsername(input.username);
  const body = { ...input, emailId: input.emailId || split.emailId, mobileNo: input.mobileNo || split.mobileNo };
  const result = toCallResult(await http.send<SessionData | SecondFactorChallenge>(AUTH_PATHS.signIn, { method: 'POST', body }), (d) => d);
  if (!result.ok) return result;
  if (!result.data) return { ok: false, status: result.status, message: 'The server answered without a session.' };
  if ('challenge' in result.data) return { ...result, data: result.data };
  await writeSession(result.data);
  return { ...result, data: result.data };
}

/** A session answered: written to the device. */
async function sessionFrom(writeSession: WriteSession, sent: HttpResult<SessionData>): Promise<CallResult<SessionData>> {
  const result = toCallResult(sent, (d) => d);
  if (!result.ok) return result;
  if (!result.data) return { ok: false, status: result.status, message: 'The server answered without a session.' };
  await writeSession(result.data);
  return { ...result, data: result.data };
}
const sendSession = (http: Http, path: string, body: unknown) => http.send<SessionData>(path, { method: 'POST', body });

/** The second step for a sign-in's challenge — a code, a recovery code or a passkey's answer: the session, written to the device. */
export async function signInSecondFactor(http: Http, writeSession: WriteSession, challenge: string, step: SecondStep): Promise<CallResult<SessionData>> {
  return sessionFrom(writeSession, await sendSession(http, SECOND_FACTOR_PATHS.signIn, { challenge, ...step }));
}

/** Options for a sign-in with a passkey alone (the page runs the ceremony). */
export async function passkeySignInOptions(http: Http): Promise<CallResult<PasskeyRequestOptions>> {
  return toCallResult(await http.send<PasskeyRequestOptions>(PASSKEY_PATHS.signInOptions, { method: 'POST' }), (d) => d ?? { challenge: '' });
}

/** A sign-in with a passkey alone: the session, written to the device. */
export async function signInWithPasskey(http: Http, writeSession: WriteSession, response: PasskeyAssertion, rememberMe: boolean): Promise<CallResult<SessionData>> {
  return sessionFrom(writeSession, await sendSession(http, PASSKEY_PATHS.signIn, { response, rememberMe }));
}

export async function signUp(http: Http, input: SignUpRequest): Promise<CallResult> {
  return toCallResult(await http.send(AUTH_PATHS.signUp, { method: 'POST', body: input }), none);
}

/** Exists only when the answer's code is "101" (spec §4); the spec reads it as data.code, we accept both. */
export async function validateUsername(http: Http, username: string): Promise<CallResult<{ exists: boolean }>> {
  const value = username.trim();
  const [path, body] = isEmail(value)
    ? [AUTH_PATHS.validateEmailId, { emailId: value.toLowerCase() }]
    : [AUTH_PATHS.validateMobileNo, { mobileNo: value }];
  const result = await http.send<{ code?: unknown }>(path, { method: 'POST', body });
  const exists = result.kind === 'ok' && (String(result.body.code) === CODE_EXISTS || String(result.body.data?.code) === CODE_EXISTS);
  return toCallResult(result, () => ({ exists }));
}

export async function requestResetPassword(http: Http, username: string): Promise<CallResult> {
  return toCallResult(await http.send(AUTH_PATHS.requestResetPassword, { method: 'POST', body: { username } }), none);
}

export async function validateResetToken(http: Http, token: string): Promise<CallResult> {
  const body = { resetPasswordToken: token };
  return toCallResult(await http.send(AUTH_PATHS.validateResetPasswordToken, { method: 'POST', body }), none);
}

export async function resetPassword(http: Http, token: string, password: string): Promise<CallResult> {
  const body = { password, resetPasswordToken: token };
  return toCallResult(await http.send(AUTH_PATHS.resetPassword, { method: 'POST', body }), none);
}

export async function plans(http: Http): Promise<CallResult<Plan[]>> {
  return toCallResult(await http.send<Plan[]>(MASTER_PATHS.plans), (d) => d ?? []);
}
