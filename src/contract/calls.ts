import { z } from 'zod';
import { callDeclinePath } from './call-push';

/**
 * Telex calls (issue 30): one-to-one voice and video between billionetts. The media goes
 * peer to peer (WebRTC), through the relay (TURN) when the members' networks need it; the
 * signalling travels on the telex socket (contract/chat.ts) as `call.*` frames.
 *
 * The relay: GET CALL_PATHS.relay answers the ICE servers for RTCPeerConnection with
 * short-lived TURN credentials (the TURN REST scheme: username `<expiry>:<userCode>`,
 * credential base64(HMAC-SHA1(secret, username))). Without a relay configured, `iceServers`
 * is empty: two members on the same network still connect through host candidates.
 *
 * A call, as frames (C = caller's device, E = a callee's device, S = server):
 * 1. C → S `call.ring` {callId (client UUID), to, kind}. S refuses with an `error` frame whose
 *    `id` is the callId (notFriends, callsOff, inCall, slowDown) or answers `call.busy` when the
 *    callee is in another call; else S → C `call.ringing` and S → every socket of the callee
 *    `call.ring` {callId, from, kind}.
 * 2. E → S `call.accept` | `call.decline` | `call.busy`. The first accept wins: S → C
 *    `call.accept`, S → the callee's other sockets `call.ringing-stopped` (answeredElsewhere).
 *    A decline (or busy) from any callee device ends the ringing everywhere.
 * 3. Active: C ↔ E `call.offer` / `call.answer` {sdp} and `call.candidate` {candidate}, relayed
 *    by S to the other participating device only. The caller makes the offer after `accept`.
 * 4. Either side `call.hangup`; S → the other side `call.hangup`. No answer within
 *    CALL_RING_MS: S → C and every callee socket `call.missed`, and the callee a bulletin.
 *    A ringing caller's socket that closes cancels the call. An answered call's device whose
 *    socket closes has CALL_RESUME_MS to send `call.resume` from a new socket of the same
 *    member (S → it `call.resumed`; it then restarts ICE with a new offer); else S → the other
 *    side `call.hangup` with reason 'gone'.
 * 5. Every ended call leaves a telex line (a chat message with `call` set) for both members.
 * A callee's socket that logs in while a call rings for them gets its `call.ring` too (an app
 * opened from the ring's push, decision 0079); the ring's Decline without a socket is
 * POST CALL_PATHS.decline.
 * Frames about a call a socket is not part of are refused with `error` code 'noCall'.
 */
export const CALL_PATHS = {
  /** GET: { iceServers, ttl } for the signed-in member. */
  relay: 'chat/relay',
  /** POST: the signed-in callee declines a call that rings for them (a closed app's Decline, decision 0079). */
  decline: callDeclinePath,
} as const;

/** The decline's path parameters. */
export const callDeclineParams = z.object({ callId: z.uuid() });

export { CALL_RESUME_MS, CALL_RING_MS } from './call-times';
/** Longest SDP (offer or answer) in characters: a video offer with simulcast is ~6–10 KB. */
export const CALL_SDP_MAX = 12_000;
/** Longest ICE candidate line. */
export const CALL_CANDIDATE_MAX = 1_000;
/** Per socket: at most `frames` call frames in any `windowMs` (ICE candidates come in bursts). */
export const CALL_RATE = { frames: 60, windowMs: 5_000 } as const;
/** Per socket: at most `rings` new calls in any `windowMs`. */
export const CALL_RING_RATE = { rings: 5, windowMs: 60_000 } as const;

export const callKind = z.enum(['voice', 'video']);
export type CallKind = z.infer<typeof callKind>;

/** How an ended call ended, as its telex line says. 'failed': answered, but its media never connected. */
export const callOutcome = z.enum(['answered', 'missed', 'declined', 'busy', 'cancelled', 'failed']);
export type CallOutcome = z.infer<typeof callOutcome>;

/** The `call` of a chat message that is a call's line: what kind, how it ended, how long it lasted. */
export const callLine = z.object({ kind: callKind, outcome: callOutcome, seconds: z.number().int().min(0) });
export type CallLine = z.infer<typeof callLine>;

/** The line's words, stored as the message body too (so a client that knows no `call` still reads it). */
export function callLineText(line: CallLine): string {
  const name = line.kind === 'video' ? 'Video call' : 'Voice call';
  if (line.outcome === 'answered') {
    const length = line.seconds < 60 ? `${line.seconds} s` : `${Math.round(line.seconds / 60)} min`;
    return `${name} · ${length}`;
  }
  if (line.outcome === 'declined') return `Declined ${name.toLowerCase()}`;
  if (line.outcome === 'failed') return `${name} · could not connect`;
  return `Missed ${name.toLowerCase()}`;
}

export const iceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
/** GET chat/relay → data. `ttl`: seconds the credentials stay valid (ask again before). */
export const relayAnswer = z.object({ iceServers: z.array(iceServer), ttl: z.number().int() });
export type RelayAnswer = z.infer<typeof relayAnswer>;

const callId = z.uuid();
const userCode = z.string().min(1).max(40);
const sdp = z.string().min(1).max(CALL_SDP_MAX);
/** RTCIceCandidateInit; null ends the candidates. */
const candidate = z
  .object({
    candidate: z.string().max(CALL_CANDIDATE_MAX),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  .nullable();

// ---- client → server ----
export const callRingFrame = z.object({ type: z.literal('call.ring'), callId, to: userCode, kind: callKind });
export const callAcceptFrame = z.object({ type: z.literal('call.accept'), callId });
export const callDeclineFrame = z.object({ type: z.literal('call.decline'), callId });
/** The callee's device is in a call of its own (another app, a phone call). */
export const callBusyFrame = z.object({ type: z.literal('call.busy'), callId });
/** `failed`: this side gives up because the media never connected (the line then says so, not a length). */
export const callHangupFrame = z.object({ type: z.literal('call.hangup'), callId, failed: z.literal(true).optional() });
export const callOfferFrame = z.object({ type: z.literal('call.offer'), callId, sdp });
export const callAnswerFrame = z.object({ type: z.literal('call.answer'), callId, sdp });
export const callCandidateFrame = z.object({ type: z.literal('call.candidate'), callId, candidate });
/** This socket takes over the member's side of an answered call (after a reconnect). */
export const callResumeFrame = z.object({ type: z.literal('call.resume'), callId });

export const callClientFrames = [
  callRingFrame,
  callAcceptFrame,
  callDeclineFrame,
  callBusyFrame,
  callHangupFrame,
  callOfferFrame,
  callAnswerFrame,
  callCandidateFrame,
  callResumeFrame,
] as const;
export const callClientFrame = z.discriminatedUnion('type', callClientFrames);
export type CallClientFrame = z.infer<typeof callClientFrame>;

// ---- server → client ----
/** To the caller's ringing device: the ring went out. */
export const callRingingFrame = z.object({ type: z.literal('call.ringing'), callId, to: z.string(), kind: callKind });
/** To every socket of the callee. */
export const callIncomingFrame = z.object({ type: z.literal('call.ring'), callId, from: z.string(), kind: callKind });
export const callAcceptedFrame = z.object({ type: z.literal('call.accept'), callId });
export const callDeclinedFrame = z.object({ type: z.literal('call.decline'), callId });
export const callBusyServerFrame = z.object({ type: z.literal('call.busy'), callId });
/** The other side hung up (or its socket went away: `reason` 'gone'). */
export const callHungUpFrame = z.object({ type: z.literal('call.hangup'), callId, reason: z.enum(['hangup', 'gone', 'failed']) });
export const callOfferServerFrame = z.object({ type: z.literal('call.offer'), callId, sdp: z.string() });
export const callAnswerServerFrame = z.object({ type: z.literal('call.answer'), callId, sdp: z.string() });
export const callCandidateServerFrame = z.object({ type: z.literal('call.candidate'), callId, candidate });
/** To a callee's socket that rang and is no longer needed. */
export const callRingingStoppedFrame = z.object({
  type: z.literal('call.ringing-stopped'),
  callId,
  reason: z.enum(['answeredElsewhere', 'declinedElsewhere', 'cancelled']),
});
/** This socket is the member's device in the call again: who the other side is, and which side I am. */
export const callResumedFrame = z.object({ type: z.literal('call.resumed'), callId, kind: callKind, peer: z.string(), role: z.enum(['caller', 'callee']) });
/** Nobody answered within the ring time (to the caller and every callee socket). */
export const callMissedFrame = z.object({ type: z.literal('call.missed'), callId });

export const callServerFrames = [
  callRingingFrame,
  callIncomingFrame,
  callAcceptedFrame,
  callDeclinedFrame,
  callBusyServerFrame,
  callHungUpFrame,
  callOfferServerFrame,
  callAnswerServerFrame,
  callCandidateServerFrame,
  callRingingStoppedFrame,
  callMissedFrame,
  callResumedFrame,
] as const;
export const callServerFrame = z.discriminatedUnion('type', callServerFrames);
export type CallServerFrame = z.infer<typeof callServerFrame>;

export const CALL_MESSAGES = {
  callsOff: 'This billionett does not take calls.',
  inCall: 'You are already in a call.',
  noCall: 'That call is not yours, or it has ended.',
} as const;
