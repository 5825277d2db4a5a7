/**
 * A call ringing while the app is closed (decision 0079): the server pushes the ring to every
 * device of the callee (src/server/push/call-push.ts, payload in contract/call-push.ts), and a
 * second push with the same tag when the ring is over.
 * - 'ringing': a notification that stays until acted on, with Accept and Decline where the
 *   platform shows actions. Not on a device where the app is open and showing: its socket
 *   rings there already, and one ring is enough.
 * - 'ended': the ringing notification goes (answered elsewhere, declined, cancelled, missed:
 *   a missed call has its own 'Missed call' bulletin). Its call is remembered for the ring's
 *   time: a ring that comes after its own end is not shown (endedCalls below).
 * - Accept, or a click on the notification: the conversation with the caller opens, answering
 *   the call if it still rings (push.ts opens the url). Decline: declined over HTTP with the
 *   member's token, without opening the app (no socket lives in the worker).
 */
import { callDeclinePath, type CallPush } from '../src/contract/call-push';
import { CALL_RING_MS } from '../src/contract/call-times';
import { API_BASE } from '../src/contract/codes';
import { memberToken } from './member-token';

declare const self: ServiceWorkerGlobalScope;

export const CALL_ACTIONS = { accept: 'accept', decline: 'decline' } as const;

type CallData = { url: string; call: { id: string } };

/** The push's call, when it is one (an older server's bulletin push has none). */
export function callOf(payload: unknown): CallPush['call'] | null {
  const call = payload && typeof payload === 'object' && 'call' in payload ? (payload as { call: unknown }).call : null;
  if (!call || typeof call !== 'object') return null;
  const { id, state } = call as Partial<CallPush['call']>;
  return typeof id === 'string' && (state === 'ringing' || state === 'ended') ? (call as CallPush['call']) : null;
}

/** A page of the app that the member can see: not an API answer or a file the browser opened. */
function showsTheApp(client: WindowClient): boolean {
  const { pathname } = new URL(client.url);
  return client.visibilityState === 'visible' && !/^\/(api|media)\//.test(pathname) && !/\.\w+$/.test(pathname);
}

async function closeRing(tag: string): Promise<void> {
  for (const notification of await self.registration.getNotifications({ tag })) notification.close();
}

/**
 * Calls whose end this worker has seen, and when. A push service keeps no order between two
 * pushes, and with several API hosts the ring and its end may leave from different ones (the
 * caller's host rings, the host of the device that answered ends it). A ring that arrives
 * after its end would otherwise ring on, unanswerable, for a call that is over. Kept in memory
 * for the ring's time: Chromium keeps a worker alive for 30 s after its last event, and a ring
 * is over by then (CALL_RING_MS) even when nobody answers.
 */
const endedCalls = new Map<string, number>();

function rememberEnded(callId: string, now: number): void {
  for (const [id, at] of endedCalls) if (now - at > CALL_RING_MS) endedCalls.delete(id);
  endedCalls.set(callId, now);
}

/** Handles a call's push; `url` is already made same-origin by push.ts. */
export async function onCallPush(payload: Partial<CallPush>, call: CallPush['call'], url: string): Promise<void> {
  const tag = typeof payload.tag === 'string' ? payload.tag : `call-${call.id}`;
  if (call.state === 'ended') {
    rememberEnded(call.id, Date.now());
    return closeRing(tag);
  }
  const ended = endedCalls.get(call.id);
  if (ended !== undefined && Date.now() - ended <= CALL_RING_MS) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // The open app rings by its socket; Chromium asks for no notification while a page of the site is visible.
  if (windows.some(showsTheApp)) return;
  const data: CallData = { url, call: { id: call.id } };
  const options: NotificationOptions & { actions?: { action: string; title: string }[]; renotify?: boolean } = {
    body: payload.body || 'Tap to answer.',
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    tag,
    renotify: true,
    requireInteraction: true,
    data,
    actions: [
      { action: CALL_ACTIONS.accept, title: 'Accept' },
      { action: CALL_ACTIONS.decline, title: 'Decline' },
    ],
  };
  await self.registration.showNotification(payload.title || 'Incoming call', options);
}

/** The call of a clicked notification, when it is a ring's. */
export function ringOf(data: unknown): CallData['call'] | null {
  const call = data && typeof data === 'object' && 'call' in data ? (data as { call: unknown }).call : null;
  return call && typeof call === 'object' && typeof (call as { id?: unknown }).id === 'string' ? (call as CallData['call']) : null;
}

/**
 * Decline: the server ends the ring for every device and tells the caller. Without a usable
 * session (signed out, offline) nothing more can be done from here: the ring runs out as missed.
 */
export async function declineRing(callId: string): Promise<void> {
  const token = await memberToken().catch(() => null);
  if (!token) return;
  await fetch(`${API_BASE}/${callDeclinePath(callId)}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
}
