/**
 * Sends one queued push. The `web-push` library encrypts the payload (RFC 8291, aes128gcm)
 * and signs the VAPID header (RFC 8292); we send the request it describes with fetch, so a
 * push has a timeout and any http(s) endpoint works (the tests' local push service too).
 */
import webpush from 'web-push';
import { bulletinText, type PushPayload } from '../../contract/bulletins';
import type { Db } from '../db/client';
import { badgeCount, bulletinById } from '../domain/bulletins/list';
import { finishJob, forgetSubscription, retryJob, type PushJob } from './queue';
import type { Vapid } from './vapid';

/** A day: a bulletin older than that when the device wakes is better read in the app. */
const TTL_SECONDS = 86_400;
const TIMEOUT_MS = 10_000;

export type PushOutcome = 'sent' | 'gone' | 'retry' | 'dropped';
export type Log = { warn: (obj: object, msg: string) => void };

export async function payloadFor(db: Db, bulletinId: number): Promise<PushPayload | null> {
  const bulletin = await bulletinById(db, bulletinId);
  if (!bulletin || bulletin.read) return null;
  return {
    title: 'Billionett',
    body: bulletinText({ ...bulletin, actorName: bulletin.actor.displayName }),
    url: bulletin.url,
    count: await badgeCount(db, bulletin.userId),
    tag: bulletin.bulletinCode,
  };
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** The push service's answer: its HTTP status, or 'unreachable'. */
export type Delivery = number | 'unreachable';

/** Encrypts `payload` for one device and hands it to its push service (bulletins, and rings: push/call-push.ts). */
export async function deliver(vapid: Vapid, target: PushTarget, payload: object, options: { ttl: number; urgency: 'normal' | 'high' }, log: Log): Promise<Delivery> {
  const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
    vapidDetails: vapid,
    TTL: options.ttl,
    urgency: options.urgency,
  });
  try {
    const answer = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await answer.body?.cancel();
    return answer.status;
  } catch (err) {
    log.warn({ err: (err as Error).message, endpoint: new URL(target.endpoint).origin }, 'push: service unreachable');
    return 'unreachable';
  }
}

export async function sendJob(db: Db, vapid: Vapid, job: PushJob, log: Log): Promise<PushOutcome> {
  const payload = await payloadFor(db, job.bulletinId);
  // Read meanwhile (or gone): nothing worth waking the device for.
  if (!payload) {
    await finishJob(db, job.id);
    return 'dropped';
  }
  const status = await deliver(vapid, job, payload, { ttl: TTL_SECONDS, urgency: 'normal' }, log);
  if (status === 'unreachable') {
    await retryJob(db, job);
    return 'retry';
  }
  if (status >= 200 && status < 300) {
    await finishJob(db, job.id);
    return 'sent';
  }
  if (status === 404 || status === 410) {
    await forgetSubscription(db, job.subscriptionId);
    return 'gone';
  }
  if (status === 429 || status >= 500) {
    await retryJob(db, job);
    return 'retry';
  }
  // 400, 403 (a key the device no longer accepts), 413: retrying cannot help.
  log.warn({ status, job: job.id }, 'push: refused by the push service');
  await finishJob(db, job.id);
  return 'dropped';
}
