/**
 * A closed app rings (decision 0079): a call pushes its ring to every device of the callee
 * (tests/support/push-service.ts decrypts what arrives), and takes it back with a second push
 * of the same tag when the ring is over; the notification's Decline reaches the server as
 * POST chat/calls/:callId/decline with the member's token — only the callee's, only while it
 * rings; and an app opened from the push hears the ring on its new socket.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULLETIN_PATHS as B } from '../../src/contract/bulletins';
import { callAnswerUrl, callPushTag } from '../../src/contract/call-push';
import { CALL_PATHS } from '../../src/contract/calls';
import { CHAT_PATHS } from '../../src/contract/chat';
import { PushService, type Device } from '../support/push-service';
import { dbTargets, startTestServer, type TestMember } from '../support/server';
import type { TelexClient } from '../support/telex';
import { telexSuite } from '../support/telex-suite';

const RING_MS = 1500;

describe.each(dbTargets())('rings for closed apps on $name', ({ databaseUrl }) => {
  let push: PushService;
  beforeAll(async () => {
    push = await PushService.start();
  });
  afterAll(async () => {
    await push?.close();
  });
  const { server: s, open, pair } = telexSuite(() => startTestServer({ databaseUrl, callRingMs: RING_MS, callSweepMs: false, pushPollMs: false, pushEndpoints: 'any' }));
  const is = (type: string, callId: string) => (f: { type: string; callId?: string; id?: string }) => f.type === type && (f.callId === callId || f.id === callId);
  const subscribe = async (m: TestMember) => {
    const device = push.device();
    expect((await s.call('PUT', B.subscription, { token: m.token, body: device.subscription })).status).toBe(200);
    return device;
  };
  /** The pushes of `device` for this call, once `count` of them arrived. */
  const pushesOf = async (device: Device, callId: string, count: number) => {
    const mine = () => push.for(device).filter((r) => (r.payload.call as { id?: string } | undefined)?.id === callId);
    for (let i = 0; i < 100 && mine().length < count; i += 1) await new Promise((r) => setTimeout(r, 50));
    return mine().map((r) => r.payload);
  };
  const ring = async (ca: TelexClient, to: string, kind: 'voice' | 'video' = 'voice') => {
    const callId = randomUUID();
    ca.send({ type: 'call.ring', callId, to, kind });
    await ca.next(is('call.ringing', callId));
    return callId;
  };
  const nameOf = async (m: TestMember, of: TestMember) =>
    ((await s.call('GET', CHAT_PATHS.friends, { token: m.token })).body.data.onlineFriends as { userCode: string; displayName: string }[]).find((f) => f.userCode === of.userCode)!.displayName;

  it('pushes the ring to every device of the callee, and the Decline route ends it for the caller and takes the ring back', async () => {
    const [a, b] = await pair();
    const [phone, tablet] = [await subscribe(b), await subscribe(b)];
    const callerDevice = await subscribe(a);
    const ca = await open(a);
    const callId = await ring(ca, b.userCode, 'video');
    const name = await nameOf(b, a);
    for (const device of [phone, tablet]) {
      const [rung] = await pushesOf(device, callId, 1);
      expect(rung).toEqual({
        title: `Video call from ${name}`,
        body: 'Tap to answer.',
        url: callAnswerUrl(a.userCode, callId),
        tag: callPushTag(callId),
        call: { id: callId, from: a.userCode, kind: 'video', state: 'ringing' },
      });
    }
    // Only as long as the ring: a ring a device gets later is noise.
    expect(push.for(phone).at(-1)!.ttl).toBe(String(Math.ceil(RING_MS / 1000)));
    expect(await pushesOf(callerDevice, callId, 0)).toEqual([]);

    expect((await s.call('POST', CALL_PATHS.decline(callId), { token: b.token })).status).toBe(200);
    await ca.next(is('call.decline', callId));
    expect(await ca.next((f) => f.type === 'message' && f.id === callId)).toMatchObject({ body: 'Declined video call', call: { outcome: 'declined' } });
    for (const device of [phone, tablet]) {
      const [, ended] = await pushesOf(device, callId, 2);
      expect(ended).toMatchObject({ tag: callPushTag(callId), call: { id: callId, state: 'ended' } });
    }
    // Declined once: a repeat (the notification clicked twice) finds nothing ringing.
    expect((await s.call('POST', CALL_PATHS.decline(callId), { token: b.token })).status).toBe(404);
    expect(push.errors).toEqual([]);
  });

  it('the Decline route: 401 without a session, 404 for anyone but the callee, 400 with field errors for a malformed id', async () => {
    const [a, b] = await pair();
    const stranger = await s.signUpMember();
    const ca = await open(a);
    const callId = await ring(ca, b.userCode);
    expect((await s.call('POST', CALL_PATHS.decline(callId))).status).toBe(401);
    expect((await s.call('POST', CALL_PATHS.decline(callId), { token: 'not-a-token' })).status).toBe(401);
    for (const who of [stranger, a]) {
      const refused = await s.call('POST', CALL_PATHS.decline(callId), { token: who.token });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('That call is not yours, or it has ended.');
    }
    const malformed = await s.call('POST', CALL_PATHS.decline('not-a-call'), { token: b.token });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors ?? {})).toEqual(['callId']);
    // None of them touched the ring: it still rings for b.
    expect(ca.inbox.some((f) => f.type === 'call.decline')).toBe(false);
    ca.send({ type: 'call.hangup', callId });
    await ca.next((f) => f.type === 'message' && f.id === callId);
  });

  it('a device that opens during the ring hears it; a missed ring is taken back and leaves its bulletin', async () => {
    const [a, b] = await pair();
    const phone = await subscribe(b);
    const ca = await open(a);
    const callId = await ring(ca, b.userCode);
    await pushesOf(phone, callId, 1);
    // The app opened from the notification: its socket logs in after the ring went out.
    const opened = await open(b);
    expect(await opened.next(is('call.ring', callId))).toMatchObject({ from: a.userCode, kind: 'voice' });
    // Someone else's socket (the caller's second device) does not.
    const callersOther = await open(a);
    await opened.next(is('call.missed', callId), RING_MS + 3000);
    expect(callersOther.inbox.some((f) => f.type === 'call.ring')).toBe(false);
    const [, ended] = await pushesOf(phone, callId, 2);
    expect(ended).toMatchObject({ tag: callPushTag(callId), call: { state: 'ended' } });
    // The line, and then the bulletin, are written just after the missed frames go out.
    await opened.next((f) => f.type === 'message' && f.id === callId);
    const missed = async () => ((await s.call('GET', B.list, { token: b.token })).body.data.bulletins as { kind: string }[]).filter((x) => x.kind === 'missedCall');
    for (let i = 0; i < 50 && (await missed()).length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await missed()).toHaveLength(1);
  });

  it('an accepted call takes its ring back from the other devices', async () => {
    const [a, b] = await pair();
    const phone = await subscribe(b);
    const [ca, laptop] = [await open(a), await open(b)];
    const callId = await ring(ca, b.userCode);
    await laptop.next(is('call.ring', callId));
    laptop.send({ type: 'call.accept', callId });
    await ca.next(is('call.accept', callId));
    const [, ended] = await pushesOf(phone, callId, 2);
    expect(ended).toMatchObject({ call: { state: 'ended' } });
    ca.send({ type: 'call.hangup', callId });
    await laptop.next(is('call.hangup', callId));
  });

  it('takes a ring back only after the ring itself was delivered, however slow its delivery', async () => {
    const [a, b] = await pair();
    const phone = await subscribe(b);
    const [ca, laptop] = [await open(a), await open(b)];
    // The push service holds the ring a while: the answer comes before it is delivered.
    push.holdNext.set(phone.id, 400);
    const callId = await ring(ca, b.userCode);
    await laptop.next(is('call.ring', callId));
    laptop.send({ type: 'call.accept', callId });
    await ca.next(is('call.accept', callId));
    const pushes = await pushesOf(phone, callId, 2);
    // Had the end overtaken it, the phone would ring on for an answered call.
    expect(pushes.map((p) => (p.call as { state: string }).state)).toEqual(['ringing', 'ended']);
    ca.send({ type: 'call.hangup', callId });
    await laptop.next(is('call.hangup', callId));
  });
});
