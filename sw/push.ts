/**
 * Bulletins while the app is closed: a Web Push message becomes a system
 * notification and the app badge; a click brings the member to the right screen.
 *
 * Payload (JSON, every field optional so an old server never breaks a new SW):
 *   { title, body, url, count, tag, call }
 * `count` is the member's unread bulletin count; `url` a same-origin route; `call` makes it a
 * call's ring or the ring's end (call-ring.ts).
 */
import { CALL_ACTIONS, callOf, declineRing, onCallPush, ringOf } from './call-ring';

declare const self: ServiceWorkerGlobalScope;

type PushPayload = { title?: string; body?: string; url?: string; count?: number; tag?: string };

const FALLBACK_TITLE = 'Billionett';
const FALLBACK_BODY = 'You have a new bulletin.';

function readPayload(event: PushEvent): PushPayload {
  if (!event.data) return {};
  try {
    const value: unknown = event.data.json();
    return value && typeof value === 'object' ? (value as PushPayload) : {};
  } catch {
    // A plain-text push is still worth showing.
    return { body: event.data.text() };
  }
}

/** Only same-origin routes: a push must not be able to send the member elsewhere. */
function safeUrl(url: unknown): string {
  if (typeof url !== 'string') return '/';
  const target = new URL(url, self.location.origin);
  return target.origin === self.location.origin ? target.pathname + target.search + target.hash : '/';
}

async function onPush(event: PushEvent): Promise<void> {
  const payload = readPayload(event);
  const call = callOf(payload);
  if (call) return onCallPush(payload, call, safeUrl(payload.url));
  const jobs: Promise<unknown>[] = [
    // Chromium requires a visible notification for every push (userVisibleOnly).
    self.registration.showNotification(payload.title || FALLBACK_TITLE, {
      body: payload.body || FALLBACK_BODY,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      tag: payload.tag,
      data: { url: safeUrl(payload.url) },
    }),
  ];
  if (typeof payload.count === 'number' && 'setAppBadge' in self.navigator) {
    // The badge is a nicety: an unsupported platform or a refusal must not fail the push.
    jobs.push(self.navigator.setAppBadge(payload.count).catch(() => undefined));
  }
  await Promise.all(jobs);
}

async function onNotificationClick(event: NotificationEvent): Promise<void> {
  event.notification.close();
  const data: unknown = event.notification.data;
  const ring = ringOf(data);
  // Declined where it rang: the app stays closed.
  if (ring && event.action === CALL_ACTIONS.decline) return declineRing(ring.id);
  const url = safeUrl(data && typeof data === 'object' && 'url' in data ? data.url : undefined);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((c) => new URL(c.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    // navigate() works only on a controlled client; a fresh window is the fallback.
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}

export function registerPush(): void {
  self.addEventListener('push', (event) => event.waitUntil(onPush(event)));
  self.addEventListener('notificationclick', (event) => event.waitUntil(onNotificationClick(event)));
}
