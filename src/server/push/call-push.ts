/**
 * Rings for closed apps (decision 0079): while a call rings, every device of the callee that
 * subscribed to pushes gets one (contract/call-push.ts); when the ring is over, a second push
 * with the same tag takes the notification back. Sent at once, not through the bulletins'
 * queue: a ring is worth nothing after its 30 s, and the queue's retries come later than that.
 * So each push is tried once; a device the push service says is gone is forgotten, as the
 * queue does. Devices whose app is open and showing ring by the socket: the service worker
 * drops the push there (sw/call-ring.ts), since the server cannot tell a device's socket from
 * its push subscription.
 *
 * A ring's end is sent only once the ring itself was delivered (or failed): sent side by side,
 * an end could reach the push service first when the call was answered at once, and the
 * phone would then ring on, its notification's tag taken by the late ring.
 */
import { eq } from 'drizzle-orm';
import { callAnswerUrl, callPushTag, callPushTitle, type CallPush, type CallPushState } from '../../contract/call-push';
import type { CallKind } from '../../contract/calls';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { pushSubscriptions } from '../db/schema/bulletins';
import { forgetSubscription } from './queue';
import { deliver, type Log } from './sender';
import type { Vapid } from './vapid';

/** What a ring push needs of the call (a CallRecord has it). */
export type RingingCall = { callId: string; kind: CallKind; caller: string; callerId: number; calleeId: number };

export type CallPushes = {
  /** The call rings: tell the callee's devices. Resolves once every device was tried. */
  ringing(call: RingingCall, ringMs: number): Promise<void>;
  /** The ring is over (answered anywhere, declined, cancelled, missed): take it back. */
  ended(call: RingingCall): Promise<void>;
};

export function callPushes(db: Db, vapid: Vapid, log: Log): CallPushes {
  async function send(call: RingingCall, state: CallPushState, ttlSeconds: number): Promise<void> {
    const devices = await db
      .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, call.calleeId));
    if (devices.length === 0) return;
    const [caller] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, call.callerId));
    const name = caller?.name ?? call.caller;
    const title = callPushTitle(call.kind, name);
    const payload: CallPush = {
      title: state === 'ringing' ? title : 'Billionett',
      // An old service worker shows these words as they are; a new one closes the ring instead.
      body: state === 'ringing' ? 'Tap to answer.' : `${title} has ended.`,
      url: state === 'ringing' ? callAnswerUrl(call.caller, call.callId) : `/telex?with=${encodeURIComponent(call.caller)}`,
      tag: callPushTag(call.callId),
      call: { id: call.callId, from: call.caller, kind: call.kind, state },
    };
    await Promise.all(
      devices.map(async (device) => {
        const status = await deliver(vapid, device, payload, { ttl: ttlSeconds, urgency: 'high' }, log);
        if (status === 404 || status === 410) await forgetSubscription(db, device.id);
        else if (status !== 'unreachable' && (status < 200 || status >= 300)) log.warn({ status, call: call.callId }, 'push: a ring was refused');
      }),
    );
  }
  // Ring pushes still being delivered, by call.
  const ringing = new Map<string, Promise<void>>();
  return {
    // A ring the device only gets after the call stopped ringing is noise: it lives the ring.
    ringing: (call, ringMs) => {
      const sent: Promise<void> = send(call, 'ringing', Math.max(1, Math.ceil(ringMs / 1000))).finally(() => {
        if (ringing.get(call.callId) === sent) ringing.delete(call.callId);
      });
      ringing.set(call.callId, sent);
      return sent;
    },
    // The end lives longer: a device that got the ring late must still get its end.
    ended: async (call) => {
      await ringing.get(call.callId)?.catch(() => undefined);
      await send(call, 'ended', 120);
    },
  };
}
