/**
 * This device and the member's bulletins (issue 16), online calls: the server's VAPID key
 * to subscribe with, the device's PushSubscription stored (on every app start: they
 * lapse and change) and forgotten at Checkout. The subscribing itself (PushManager) is the
 * page's: a dedicated worker has no service worker registration to ask.
 */
import { BULLETIN_PATHS, pushKeyAnswer, pushSubscriptionBody } from '../../contract/bulletins';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';
import type { Http } from './http';

export async function pushKey(http: Http): Promise<CallResult<string>> {
  const answer = toCallResult(await http.send<unknown>(BULLETIN_PATHS.pushKey), (d) => pushKeyAnswer.safeParse(d));
  if (!answer.ok) return answer;
  return answer.data.success ? { ...answer, data: answer.data.data.publicKey } : { ok: false, status: answer.status, message: 'The server answered in an unexpected shape.' };
}

/** `subscription`: the browser's PushSubscription as JSON, checked here against what the server takes. */
export async function savePushSubscription(ctx: SyncContext, member: Member, subscription: PushSubscriptionJSON): Promise<CallResult> {
  const body = pushSubscriptionBody.safeParse(subscription);
  if (!body.success) return { ok: false, status: 0, message: 'This browser gave a push subscription of an unexpected shape.' };
  return toCallResult(await authed(ctx, member, BULLETIN_PATHS.subscription, { method: 'PUT', body: body.data, idempotencyKey: crypto.randomUUID() }), () => undefined);
}

export async function forgetPushSubscription(ctx: SyncContext, member: Member, endpoint: string): Promise<CallResult> {
  return toCallResult(await authed(ctx, member, BULLETIN_PATHS.subscription, { method: 'DELETE', body: { endpoint }, idempotencyKey: crypto.randomUUID() }), () => undefined);
}
