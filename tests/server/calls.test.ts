/**
 * Call signalling over real telex sockets (issue 30): who may ring whom (billionetts only,
 * the callee's 'calls' privacy), that nobody outside a call can move it or reach into it,
 * busy, decline, two devices (first accept wins), ring timeout → missed with its bulletin,
 * hang-up, and the line each ended call leaves in the telex history.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHAT_PATHS } from '../../src/contract/chat';
import { BULLETIN_PATHS } from '../../src/contract/bulletins';
import { SETTINGS_PATHS } from '../../src/contract/settings';
import { dbTargets, startTestServer, type TestMember } from '../support/server';
import { befriend, TelexClient } from '../support/telex';
import { telexSuite } from '../support/telex-suite';

const RING_MS = 600;
const RESUME_MS = 700;

describe.each(dbTargets())('call signalling on $name', ({ databaseUrl }) => {
  const { server: s, open, pair } = telexSuite(() => startTestServer({ databaseUrl, callRingMs: RING_MS, callResumeMs: RESUME_MS }));
  const is = (type: string, callId: string) => (f: { type: string; callId?: string; id?: string }) => f.type === type && (f.callId === callId || f.id === callId);
  /** Rings b from a's socket and waits for b's socket to ring. */
  const ring = async (ca: TelexClient, cb: TelexClient, to: string, kind: 'voice' | 'video' = 'voice') => {
    const callId = randomUUID();
    ca.send({ type: 'call.ring', callId, to, kind });
    await ca.next(is('call.ringing', callId));
    await cb.next(is('call.ring', callId));
    return callId;
  };
  const history = async (m: TestMember, other: TestMember) => (await s.call('GET', CHAT_PATHS.conversation(other.userCode), { token: m.token })).body.data.chatHistory;

  it('rings a billionett, relays offer/answer/candidates between the two devices, and leaves the line', async () => {
    const [a, b] = await pair();
    const [ca, cb] = [await open(a), await open(b)];
    const callId = randomUUID();
    ca.send({ type: 'call.ring', callId, to: b.userCode, kind: 'video' });
    expect(await ca.next(is('call.ringing', callId))).toMatchObject({ to: b.userCode, kind: 'video' });
    expect(await cb.next(is('call.ring', callId))).toMatchObject({ from: a.userCode, kind: 'video' });
    cb.send({ type: 'call.accept', callId });
    await ca.next(is('call.accept', callId));
    ca.send({ type: 'call.offer', callId, sdp: 'v=0 offer' });
    expect(await cb.next(is('call.offer', callId))).toMatchObject({ sdp: 'v=0 offer' });
    cb.send({ type: 'call.answer', callId, sdp: 'v=0 answer' });
    expect(await ca.next(is('call.answer', callId))).toMatchObject({ sdp: 'v=0 answer' });
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    ca.send({ type: 'call.candidate', callId, candidate });
    expect(await cb.next(is('call.candidate', callId))).toMatchObject({ candidate });
    cb.send({ type: 'call.candidate', callId, candidate: null });
    expect(await ca.next(is('call.candidate', callId))).toMatchObject({ candidate: null });
    ca.send({ type: 'call.hangup', callId });
    expect(await cb.next(is('call.hangup', callId))).toMatchObject({ reason: 'hangup' });
    // Both hear the line, and it is in the history as a message with `call`.
    const line = await cb.next((f) => f.type === 'message' && f.id === callId);
    expect(line).toMatchObject({ sender: a.userCode, recvId: b.userCode, body: 'Video call · 0 s', status: 'read', call: { kind: 'video', outcome: 'answered', seconds: 0 } });
    await ca.next((f) => f.type === 'message' && f.id === callId);
    expect((await history(b, a))[0]).toMatchObject({ id: callId, call: { outcome: 'answered' } });
    expect((await s.call('GET', CHAT_PATHS.history, { token: b.token })).body.data.chatHistory[0].lastMessage).toMatchObject({ id: callId, call: { kind: 'video' } });
  });

  it("a device that gives up on media that never connected: the other side is told why, and the line says 'could not connect'", async () => {
    const [a, b] = await pair();
    const [ca, cb] = [await open(a), await open(b)];
    const callId = await ring(ca, cb, b.userCode);
    cb.send({ type: 'call.accept', callId });
    await ca.next(is('call.accept', callId));
    cb.send({ type: 'call.hangup', callId, failed: true });
    expect(await ca.next(is('call.hangup', callId))).toMatchObject({ reason: 'failed' });
    const line = await ca.next((f) => f.type === 'message' && f.id === callId);
    expect(line).toMatchObject({ body: 'Voice call · could not connect', call: { kind: 'voice', outcome: 'failed', seconds: 0 } });
    expect((await history(a, b))[0]).toMatchObject({ id: callId, body: 'Voice call · could not connect', call: { outcome: 'failed', seconds: 0 } });
  });

  it('refuses a stranger, a callee whose calls are off, and oneself; malformed and oversized frames', async () => {
    const [a, b] = await pair();
    const stranger = await s.signUpMember();
    const [ca, cs, cb] = [await open(a), await open(stranger), await open(b)];
    const fromStranger = randomUUID();
    cs.send({ type: 'call.ring', callId: fromStranger, to: b.userCode, kind: 'voice' });
    expect(await cs.next(is('error', fromStranger))).toMatchObject({ code: 'notFriends' });
    const self = randomUUID();
    ca.send({ type: 'call.ring', callId: self, to: a.userCode, kind: 'voice' });
    expect(await ca.next(is('error', self))).toMatchObject({ code: 'notFriends' });

    expect((await s.call('PUT', SETTINGS_PATHS.updatePrivacy, { token: b.token, body: { featureCode: 'calls', privacyCode: 3 } })).status).toBe(201);
    const off = randomUUID();
    ca.send({ type: 'call.ring', callId: off, to: b.userCode, kind: 'voice' });
    expect(await ca.next(is('error', off))).toMatchObject({ code: 'callsOff' });
    expect((await s.call('PUT', SETTINGS_PATHS.updatePrivacy, { token: b.token, body: { featureCode: 'calls', privacyCode: 1 } })).status).toBe(201);
    // Everyone still means billionetts only.
    const again = randomUUID();
    cs.send({ type: 'call.ring', callId: again, to: b.userCode, kind: 'voice' });
    expect(await cs.next(is('error', again))).toMatchObject({ code: 'notFriends' });

    ca.send({ type: 'call.ring', callId: 'not-a-uuid', to: b.userCode, kind: 'voice' });
    expect(await ca.next((f) => f.type === 'error' && f.code === 'malformed')).toBeTruthy();
    ca.send({ type: 'call.offer', callId: randomUUID(), sdp: 'x'.repeat(12_001) });
    expect(await ca.next((f) => f.type === 'error' && f.code === 'malformed')).toBeTruthy();
    expect(cb.inbox.some((f) => f.type === 'call.ring')).toBe(false);
  });

  it('a member outside the call can neither answer, hang up, nor reach into it', async () => {
    const [a, b] = await pair();
    const intruder = await s.signUpMember();
    await befriend(s.api, intruder, a);
    await befriend(s.api, intruder, b);
    const [ca, cb, ci] = [await open(a), await open(b), await open(intruder)];
    const callId = await ring(ca, cb, b.userCode);
    for (const type of ['call.accept', 'call.decline', 'call.hangup']) {
      ci.send({ type, callId });
      expect(await ci.next(is('error', callId))).toMatchObject({ code: 'noCall' });
    }
    cb.send({ type: 'call.accept', callId });
    await ca.next(is('call.accept', callId));
    ci.send({ type: 'call.offer', callId, sdp: 'v=0 evil' });
    expect(await ci.next(is('error', callId))).toMatchObject({ code: 'noCall' });
    ci.send({ type: 'call.candidate', callId, candidate: { candidate: 'candidate:evil', sdpMid: '0', sdpMLineIndex: 0 } });
    expect(await ci.next(is('error', callId))).toMatchObject({ code: 'noCall' });
    // The caller's own second tab is not the call's device either.
    const ca2 = await open(a);
    ca2.send({ type: 'call.candidate', callId, candidate: null });
    expect(await ca2.next(is('error', callId))).toMatchObject({ code: 'noCall' });
    await new Promise((r) => setTimeout(r, 200));
    expect([...ca.inbox, ...cb.inbox].some((f) => f.type === 'call.offer' || f.type === 'call.candidate')).toBe(false);
    cb.send({ type: 'call.hangup', callId });
    expect(await ca.next(is('call.hangup', callId))).toMatchObject({ reason: 'hangup' });
  });

  it('busy when the callee is in another call; decline ends the ringing on every device', async () => {
    const [a, b] = await pair();
    const c = await s.signUpMember();
    await befriend(s.api, c, b);
    const [ca, cb, cc] = [await open(a), await open(b), await open(c)];
    const first = await ring(ca, cb, b.userCode);
    const second = randomUUID();
    cc.send({ type: 'call.ring', callId: second, to: b.userCode, kind: 'voice' });
    await cc.next(is('call.busy', second));
    expect((await cc.next((f) => f.type === 'message' && f.id === second)) as unknown).toMatchObject({ body: 'Missed voice call', call: { outcome: 'busy' } });

    const cb2 = await open(b);
    cb.send({ type: 'call.decline', callId: first });
    await ca.next(is('call.decline', first));
    // cb2 opened after the ring went out: it never rang, so it is told nothing of the ringing…
    expect(await ca.next((f) => f.type === 'message' && f.id === first)).toMatchObject({ body: 'Declined voice call', call: { outcome: 'declined' } });
    await cb2.next((f) => f.type === 'message' && f.id === first);
    // …and a declined call cannot be accepted any more.
    cb2.send({ type: 'call.accept', callId: first });
    expect(await cb2.next(is('error', first))).toMatchObject({ code: 'noCall' });
  });

  it('two devices ring: the first accept wins, the other stops ringing', async () => {
    const [a, b] = await pair();
    const ca = await open(a);
    const [phone, laptop] = [await open(b), await open(b)];
    const callId = randomUUID();
    ca.send({ type: 'call.ring', callId, to: b.userCode, kind: 'voice' });
    await phone.next(is('call.ring', callId));
    await laptop.next(is('call.ring', callId));
    phone.send({ type: 'call.accept', callId });
    laptop.send({ type: 'call.accept', callId });
    await ca.next(is('call.accept', callId));
    expect(await laptop.next(is('call.ringing-stopped', callId))).toMatchObject({ reason: 'answeredElsewhere' });
    ca.send({ type: 'call.offer', callId, sdp: 'v=0 offer' });
    await phone.next(is('call.offer', callId));
    await new Promise((r) => setTimeout(r, 200));
    expect(laptop.inbox.some((f) => f.type === 'call.offer')).toBe(false);
    expect(ca.inbox.filter((f) => f.type === 'call.accept')).toHaveLength(0);
    // The phone's socket goes away and does not come back: after the resume time the caller hears the call is over.
    await phone.close();
    expect(await ca.next(is('call.hangup', callId), RESUME_MS + 3000)).toMatchObject({ reason: 'gone' });
    await ca.next((f) => f.type === 'message' && f.id === callId);
  });

  it('a device that reconnects within the resume time takes its side of the call back; nobody else can', async () => {
    const [a, b] = await pair();
    const [ca, cb] = [await open(a), await open(b)];
    const callId = await ring(ca, cb, b.userCode, 'video');
    cb.send({ type: 'call.accept', callId });
    await ca.next(is('call.accept', callId));
    await cb.close();
    const cb2 = await open(b);
    // Someone else cannot take b's side.
    const intruder = await s.signUpMember();
    const ci = await open(intruder);
    ci.send({ type: 'call.resume', callId });
    expect(await ci.next(is('error', callId))).toMatchObject({ code: 'noCall' });
    cb2.send({ type: 'call.resume', callId });
    expect(await cb2.next(is('call.resumed', callId))).toMatchObject({ kind: 'video', peer: a.userCode, role: 'callee' });
    // The ICE restart's offer reaches the new socket; the old socket's resume time passes harmlessly.
    await new Promise((r) => setTimeout(r, RESUME_MS + 300));
    ca.send({ type: 'call.offer', callId, sdp: 'v=0 restart' });
    expect(await cb2.next(is('call.offer', callId))).toMatchObject({ sdp: 'v=0 restart' });
    expect(ca.inbox.some((f) => f.type === 'call.hangup')).toBe(false);
    cb2.send({ type: 'call.hangup', callId });
    expect(await ca.next(is('call.hangup', callId))).toMatchObject({ reason: 'hangup' });
  });

  it('an unanswered call is missed after the ring time: both sides told, a bulletin and an unread line for the callee', async () => {
    const [a, b] = await pair();
    const [ca, cb] = [await open(a), await open(b)];
    const callId = await ring(ca, cb, b.userCode, 'video');
    await ca.next(is('call.missed', callId), RING_MS + 3000);
    await cb.next(is('call.missed', callId));
    expect(await cb.next((f) => f.type === 'message' && f.id === callId)).toMatchObject({ body: 'Missed video call', status: 'sent', call: { outcome: 'missed' } });
    // The bulletin is written just after the line goes out: wait for it.
    const missedBulletin = async () => {
      for (let tries = 0; tries < 50; tries += 1) {
        const list = (await s.call('GET', BULLETIN_PATHS.list, { token: b.token })).body.data.bulletins as { kind: string }[];
        const found = list.find((x) => x.kind === 'missedCall');
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      return undefined;
    };
    expect(await missedBulletin()).toMatchObject({ kind: 'missedCall', featureCode: 'telex', actor: { userCode: a.userCode } });
    // Missed is final: a late accept is refused.
    cb.send({ type: 'call.accept', callId });
    expect(await cb.next(is('error', callId))).toMatchObject({ code: 'noCall' });
  });

  it('the caller hanging up while it rings stops every callee device', async () => {
    const [a, b] = await pair();
    const [ca, cb] = [await open(a), await open(b)];
    const callId = await ring(ca, cb, b.userCode);
    ca.send({ type: 'call.hangup', callId });
    expect(await cb.next(is('call.ringing-stopped', callId))).toMatchObject({ reason: 'cancelled' });
    expect(await cb.next((f) => f.type === 'message' && f.id === callId)).toMatchObject({ call: { outcome: 'cancelled' } });
    // A new call may ring at once: neither member is left "in a call".
    await ring(ca, cb, b.userCode);
  });
});
