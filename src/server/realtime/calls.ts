/**
 * Call signalling on the telex socket (protocol in contract/calls.ts). Every frame is checked
 * against the shared call state (call-store.ts): only the two members of a call — and, once
 * it is answered, only their two devices — can move it or reach each other through it. The
 * frames travel on the hub's bus like telex, so caller and callee may sit on any hosts.
 * The ring timer lives on the host that took the ring; should that host die, every host's
 * sweep finds the ring past its deadline (decision 0079). Either way the store decides once
 * whether the call was still ringing, so the missed line is written once.
 * A callee's closed app rings by a Web Push (push/call-push.ts), taken back when the ring ends.
 */
import type { FastifyBaseLogger } from 'fastify';
import { CALL_MESSAGES, CALL_RATE, CALL_RESUME_MS, CALL_RING_MS, CALL_RING_RATE, type CallClientFrame, type CallOutcome } from '../../contract/calls';
import { CHAT_MESSAGES } from '../../contract/chat';
import type { Db } from '../db/client';
import type { CallPushes } from '../push/call-push';
import { writeBulletin } from '../domain/bulletins/create';
import { storeCallLine } from '../domain/calls/lines';
import { friendIdByCode } from '../domain/chat/repo';
import { allowsCall, featurePrivacies } from '../policy/privacy';
import type { CallRecord, CallStore, DeviceField } from './call-store';
import { ACTIVE_REFRESH_MS, ACTIVE_TTL_MS, fits, RING_GRACE_MS, RING_STATE_EXTRA_MS, SWEEP_MS } from './call-timing';
import { errorFrame, send, type Conn, type Hub } from './hub';

export type CallsContext = {
  db: Db;
  hub: Hub;
  store: CallStore;
  log: FastifyBaseLogger;
  /** How long a call rings before it is missed. */
  ringMs?: number;
  /** How long an answered call waits for a device whose socket closed (contract CALL_RESUME_MS). */
  resumeMs?: number;
  /** Limits on, or off (benchmarks). */
  rate: boolean;
  bulletins: () => { wake(): void } | undefined;
  /** Rings for the callee's closed apps (absent until the bulletins' push is set up). */
  pushes?: () => CallPushes | undefined;
  /** How often this host looks for rings whose host died (ms; false: only when asked, tests). */
  sweepMs?: number | false;
};

const json = (frame: object) => JSON.stringify(frame);

export function createCalls(ctx: CallsContext) {
  const ringMs = ctx.ringMs ?? CALL_RING_MS;
  const resumeMs = ctx.resumeMs ?? CALL_RESUME_MS;
  /** Answered calls waiting for a device that dropped from this host (its resume). */
  const waiting = new Set<NodeJS.Timeout>();
  /** Ring timers of calls rung through this process. */
  const timers = new Map<string, NodeJS.Timeout>();
  /** Calls each local socket takes part in (its close hangs them up). */
  const byConn = new Map<string, Set<string>>();

  // This host's devices' calls go on while their sockets are here.
  const refresh = setInterval(() => {
    const ids = [...new Set([...byConn.values()].flatMap((set) => [...set]))];
    ctx.store.touch(ids, ACTIVE_TTL_MS).catch((err: unknown) => ctx.log.warn({ err }, 'calls: refresh failed'));
  }, ACTIVE_REFRESH_MS);
  refresh.unref();

  const join = (conn: Conn, callId: string) => {
    const set = byConn.get(conn.id) ?? new Set<string>();
    set.add(callId);
    byConn.set(conn.id, set);
  };
  const leave = (connId: string, callId: string) => byConn.get(connId)?.delete(callId);
  const stopTimer = (callId: string) => {
    clearTimeout(timers.get(callId));
    timers.delete(callId);
  };
  /** The ring's push is taken back from the callee's closed apps. */
  const unring = (call: CallRecord) =>
    void ctx.pushes?.()?.ended(call).catch((err: unknown) => ctx.log.warn({ err }, 'calls: taking a ring push back failed'));
  const refuse = (conn: Conn, callId: string, code: 'noCall' | 'notFriends' | 'callsOff' | 'inCall' | 'slowDown') =>
    send(conn, errorFrame(code, code === 'notFriends' || code === 'slowDown' ? CHAT_MESSAGES[code] : CALL_MESSAGES[code], callId));

  /** The call's telex line for both members (and a bulletin for a callee who missed it). */
  async function finish(call: CallRecord, outcome: CallOutcome): Promise<void> {
    stopTimer(call.callId);
    leave(call.callerConn, call.callId);
    if (call.calleeConn) leave(call.calleeConn, call.callId);
    const seconds = outcome === 'answered' ? Math.max(0, Math.round((Date.now() - call.answeredAt) / 1000)) : 0;
    try {
      const line = await storeCallLine(ctx.db, { ...call, outcome, seconds });
      if (line) {
        const frame = json({ type: 'message', ...line });
        ctx.hub.publish(call.caller, frame);
        ctx.hub.publish(call.callee, frame);
      }
      // 'busy' never rang (the callee was in a call); 'answered' took its ring back when accepted.
      if (outcome === 'missed' || outcome === 'cancelled' || outcome === 'declined') unring(call);
      if (line && (outcome === 'missed' || outcome === 'cancelled' || outcome === 'busy')) {
        const url = `/telex?with=${encodeURIComponent(call.caller)}`;
        if (await writeBulletin(ctx.db, { kind: 'missedCall', to: call.calleeId, from: call.callerId, url })) ctx.bulletins()?.wake();
      }
    } catch (err) {
      ctx.log.error({ err }, 'calls: the call line failed');
    }
  }

  /** The ring is over unanswered: missed, if it still rang (true: this host ended it). */
  async function ringOut(callId: string): Promise<boolean> {
    stopTimer(callId);
    const call = await ctx.store.end(callId, 'ringing');
    if (!call) return false;
    const missed = json({ type: 'call.missed', callId });
    ctx.hub.publishTo(call.caller, call.callerConn, missed);
    ctx.hub.publish(call.callee, missed);
    await finish(call, 'missed');
    return true;
  }

  async function ring(conn: Conn, frame: Extract<CallClientFrame, { type: 'call.ring' }>): Promise<void> {
    const me = conn.member!;
    const { callId, to, kind } = frame;
    if (ctx.rate && !fits(conn.ringRecent, CALL_RING_RATE.rings, CALL_RING_RATE.windowMs)) return refuse(conn, callId, 'slowDown');
    const calleeId = to === me.userCode ? null : await friendIdByCode(ctx.db, me.id, to);
    if (calleeId === null) return refuse(conn, callId, 'notFriends');
    const privacy = await featurePrivacies(ctx.db, calleeId);
    if (!allowsCall(privacy.calls, { self: false, friend: true })) return refuse(conn, callId, 'callsOff');
    const call: CallRecord = {
      callId,
      kind,
      caller: me.userCode,
      callerId: me.id,
      callerConn: conn.id,
      callee: to,
      calleeId,
      calleeConn: '',
      state: 'ringing',
      startedAt: Date.now(),
      answeredAt: 0,
    };
    const opened = await ctx.store.open(call, ringMs + RING_STATE_EXTRA_MS, call.startedAt + ringMs);
    if (opened === 'exists') return refuse(conn, callId, 'noCall');
    if (opened === 'callerBusy') return refuse(conn, callId, 'inCall');
    if (opened === 'calleeBusy') {
      send(conn, json({ type: 'call.busy', callId }));
      return finish(call, 'busy');
    }
    join(conn, callId);
    const timer = setTimeout(() => void ringOut(callId).catch((err: unknown) => ctx.log.error({ err }, 'calls: ring timeout failed')), ringMs);
    timer.unref();
    timers.set(callId, timer);
    send(conn, json({ type: 'call.ringing', callId, to, kind }));
    ctx.hub.publish(to, json({ type: 'call.ring', callId, from: me.userCode, kind }));
    void ctx.pushes?.()?.ringing(call, ringMs).catch((err: unknown) => ctx.log.warn({ err }, 'calls: the ring push failed'));
  }

  async function accept(conn: Conn, callId: string): Promise<void> {
    const call = await ctx.store.get(callId);
    if (!call || call.callee !== conn.member!.userCode) return refuse(conn, callId, 'noCall');
    const accepted = await ctx.store.accept(callId, conn.id, Date.now(), ACTIVE_TTL_MS);
    if (!accepted) {
      // Another device of mine won, or the caller gave up meanwhile.
      const now = await ctx.store.get(callId);
      if (now?.state === 'active') return send(conn, json({ type: 'call.ringing-stopped', callId, reason: 'answeredElsewhere' }));
      return refuse(conn, callId, 'noCall');
    }
    stopTimer(callId);
    join(conn, callId);
    unring(accepted);
    ctx.hub.publishTo(accepted.caller, accepted.callerConn, json({ type: 'call.accept', callId }));
    ctx.hub.publish(accepted.callee, json({ type: 'call.ringing-stopped', callId, reason: 'answeredElsewhere' }), conn.id);
  }

  /** `callee` declines (or is busy for) a call ringing for them; false when it is not. `connId`: the declining socket, if any. */
  async function declineAs(callee: string, callId: string, as: 'decline' | 'busy', connId?: string): Promise<boolean> {
    const rung = await ctx.store.get(callId);
    if (rung?.callee !== callee || rung.state !== 'ringing') return false;
    const call = await ctx.store.end(callId, 'ringing');
    if (!call) return false;
    ctx.hub.publishTo(call.caller, call.callerConn, json({ type: `call.${as}`, callId }));
    ctx.hub.publish(call.callee, json({ type: 'call.ringing-stopped', callId, reason: 'declinedElsewhere' }), connId);
    await finish(call, as === 'decline' ? 'declined' : 'busy');
    return true;
  }

  async function decline(conn: Conn, callId: string, as: 'decline' | 'busy'): Promise<void> {
    if (!(await declineAs(conn.member!.userCode, callId, as, conn.id))) refuse(conn, callId, 'noCall');
  }

  /** Ends the rings whose deadline passed more than RING_GRACE_MS ago, whichever host took them; answers how many this host ended. */
  async function sweep(now = Date.now()): Promise<number> {
    let ended = 0;
    for (const callId of await ctx.store.expired(now - RING_GRACE_MS)) if (await ringOut(callId)) ended += 1;
    return ended;
  }
  const sweeper = ctx.sweepMs === false ? null : setInterval(() => void sweep().catch((err: unknown) => ctx.log.warn({ err }, 'calls: the ring sweep failed')), ctx.sweepMs ?? SWEEP_MS);
  sweeper?.unref();

  /** The other side's member and socket, when `conn` is one of the call's two devices. */
  const peerOf = (call: CallRecord, conn: Conn): { code: string; conn: string } | null => {
    const me = conn.member!.userCode;
    if (me === call.caller && conn.id === call.callerConn) return { code: call.callee, conn: call.calleeConn };
    if (me === call.callee && call.calleeConn !== '' && conn.id === call.calleeConn) return { code: call.caller, conn: call.callerConn };
    return null;
  };

  /** 'failed': the device gave up on media that never connected (the line says so, with no length). */
  async function hangup(conn: Conn, callId: string, reason: 'hangup' | 'gone' | 'failed'): Promise<void> {
    const call = await ctx.store.get(callId);
    if (!call || !peerOf(call, conn)) {
      if (reason !== 'gone') refuse(conn, callId, 'noCall');
      return;
    }
    const ended = await ctx.store.end(callId);
    if (!ended) return; // the other side, or the ring timer, ended it first
    const peer = peerOf(ended, conn)!;
    if (ended.state === 'ringing') {
      // The caller gave up while it rang: every callee device stops ringing.
      ctx.hub.publish(ended.callee, json({ type: 'call.ringing-stopped', callId, reason: 'cancelled' }));
      return finish(ended, 'cancelled');
    }
    ctx.hub.publishTo(peer.code, peer.conn, json({ type: 'call.hangup', callId, reason }));
    await finish(ended, reason === 'failed' ? 'failed' : 'answered');
  }

  /** This socket takes the member's side of an answered call over (the app reconnected). */
  async function resume(conn: Conn, callId: string): Promise<void> {
    const me = conn.member!.userCode;
    const call = await ctx.store.get(callId);
    const field: DeviceField | null = call?.caller === me ? 'callerConn' : call?.callee === me ? 'calleeConn' : null;
    const moved = field ? await ctx.store.rebind(callId, field, conn.id) : null;
    if (!moved || !field) return refuse(conn, callId, 'noCall');
    join(conn, callId);
    const role = field === 'callerConn' ? 'caller' : 'callee';
    send(conn, json({ type: 'call.resumed', callId, kind: moved.kind, peer: role === 'caller' ? moved.callee : moved.caller, role }));
  }

  /** The resume time of a dropped device passed: the call ends, unless it was resumed (the store says). */
  async function gone(callId: string, field: DeviceField, connId: string): Promise<void> {
    const ended = await ctx.store.end(callId, 'active', { field, conn: connId });
    if (!ended) return;
    const peer = field === 'callerConn' ? { code: ended.callee, conn: ended.calleeConn } : { code: ended.caller, conn: ended.callerConn };
    ctx.hub.publishTo(peer.code, peer.conn, json({ type: 'call.hangup', callId, reason: 'gone' }));
    await finish(ended, 'answered');
  }

  /** offer, answer, candidate: to the other device of an answered call, as sent. */
  async function relay(conn: Conn, frame: Extract<CallClientFrame, { type: 'call.offer' | 'call.answer' | 'call.candidate' }>): Promise<void> {
    const call = await ctx.store.get(frame.callId);
    const peer = call?.state === 'active' ? peerOf(call, conn) : null;
    if (!peer) return refuse(conn, frame.callId, 'noCall');
    ctx.hub.publishTo(peer.code, peer.conn, json(frame));
  }

  return {
    sweep,
    /** The signed-in `callee` declines a call ringing for them without a socket (the service worker's Decline). */
    declineFor: (callee: string, callId: string) => declineAs(callee, callId, 'decline'),
    /** A socket just logged in: if a call rings for its member, it rings here too (an app opened from the ring's push). */
    async greet(conn: Conn): Promise<void> {
      const call = await ctx.store.ringingFor(conn.member!.userCode);
      if (call) send(conn, json({ type: 'call.ring', callId: call.callId, from: call.caller, kind: call.kind }));
    },
    /** One call frame of a logged-in socket. */
    async handle(conn: Conn, frame: CallClientFrame): Promise<void> {
      if (ctx.rate && !fits(conn.callRecent, CALL_RATE.frames, CALL_RATE.windowMs)) return refuse(conn, frame.callId, 'slowDown');
      switch (frame.type) {
        case 'call.ring':
          return ring(conn, frame);
        case 'call.accept':
          return accept(conn, frame.callId);
        case 'call.decline':
          return decline(conn, frame.callId, 'decline');
        case 'call.busy':
          return decline(conn, frame.callId, 'busy');
        case 'call.hangup':
          return hangup(conn, frame.callId, frame.failed ? 'failed' : 'hangup');
        case 'call.resume':
          return resume(conn, frame.callId);
        case 'call.offer':
        case 'call.answer':
        case 'call.candidate':
          return relay(conn, frame);
      }
    },
    /**
     * A socket closed: a ringing call it made is cancelled; an answered one waits resumeMs for
     * the member to come back on another socket (`call.resume`), then ends as 'gone'.
     */
    async dropped(conn: Conn): Promise<void> {
      const ids = byConn.get(conn.id);
      byConn.delete(conn.id);
      if (!ids || !conn.member) return;
      for (const callId of ids) {
        const call = await ctx.store.get(callId);
        if (call?.state !== 'active') {
          await hangup(conn, callId, 'gone');
          continue;
        }
        const field: DeviceField = call.caller === conn.member.userCode ? 'callerConn' : 'calleeConn';
        const timer = setTimeout(() => {
          waiting.delete(timer);
          void gone(callId, field, conn.id).catch((err: unknown) => ctx.log.error({ err }, 'calls: ending a dropped call failed'));
        }, resumeMs);
        timer.unref();
        waiting.add(timer);
      }
    },
    close(): void {
      clearInterval(refresh);
      if (sweeper) clearInterval(sweeper);
      for (const timer of waiting) clearTimeout(timer);
      waiting.clear();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type Calls = ReturnType<typeof createCalls>;
