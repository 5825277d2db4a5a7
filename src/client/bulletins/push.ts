/**
 * Bulletins on this device while the app is closed (Web Push). The page owns the subscribing
 * (PushManager lives on the service worker registration, which a dedicated worker cannot
 * reach); the worker sends the subscription to the server. Permission is asked only when the
 * member turns bulletins on in the list — never on load — and once granted the subscription
 * is renewed and sent again on every start (subscriptions lapse, keys rotate).
 */
import { sync } from '../sync/client';

export type PushState = 'unsupported' | 'default' | 'granted' | 'denied';

export function pushState(): PushState {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** The VAPID key as PushManager wants it: the raw bytes of the base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const registration = () => navigator.serviceWorker.ready;

/** Subscribes (or renews) this device and tells the server; false when it could not (offline, refused). */
async function subscribeAndSave(): Promise<boolean> {
  const key = await sync.pushKey();
  if (!key.ok || !key.data) return false;
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  const wanted = keyBytes(key.data);
  const current = subscription?.options.applicationServerKey;
  // A subscription made with another server key (keys rotated) cannot be pushed to: renew it.
  if (subscription && current && !sameBytes(new Uint8Array(current), wanted)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted });
  const saved = await sync.savePushSubscription(subscription.toJSON());
  return saved.ok;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The member turned bulletins on: ask the browser, then subscribe. Answers the new state. */
export async function turnOnPush(): Promise<PushState> {
  if (pushState() === 'unsupported') return 'unsupported';
  const answer = await Notification.requestPermission();
  if (answer === 'granted') await subscribeAndSave().catch(() => false);
  return pushState();
}

/** On every start of a signed-in app: renew the subscription when permission was given. */
export async function renewPush(): Promise<void> {
  if (pushState() !== 'granted') return;
  await subscribeAndSave().catch(() => false);
}

/** Checkout: this device stops getting the member's bulletins; answers the endpoint for the server to forget. */
export async function dropPush(): Promise<string | undefined> {
  if (pushState() === 'unsupported') return undefined;
  const reg = await navigator.serviceWorker.getRegistration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return undefined;
  await subscription.unsubscribe().catch(() => false);
  return subscription.endpoint;
}
