/**
 * A call as the page holds it (decision 0078): the phase, and when it ended, why in words.
 * Pure data, so the words of every ending are in one place and both sides read them.
 */
import type { CallKind } from '../../../contract/calls';

export type CallRole = 'caller' | 'callee';

/** Why a call ended (or never started), as the member who sees it should read it. */
export type EndReason =
  | 'hungUp'
  | 'peerHungUp'
  | 'gone'
  | 'declined'
  | 'youDeclined'
  | 'busy'
  | 'missed'
  | 'youMissed'
  | 'cancelled'
  | 'answeredElsewhere'
  | 'declinedElsewhere'
  | 'offline'
  | 'notFriends'
  | 'callsOff'
  | 'inCall'
  | 'noCall'
  | 'slowDown'
  | 'noMedia'
  | 'noRelay'
  /** The server names a relay, but this device got no address from it (down, or blocked). */
  | 'relayUnreachable'
  | 'networkDropped'
  /** This device's connection was gone longer than the call waits (CALL_RESUME_MS), or the server no longer knew the call. */
  | 'connectionLost'
  /** This device's connection dropped while its call rang out: the server cancelled the ring. */
  | 'ringLost';

type Base = { callId: string; peer: string; kind: CallKind };

export type CallState =
  | { phase: 'idle' }
  /** `ringing`: the server said the ring went out (before: still dialling). */
  | (Base & { phase: 'outgoing'; ringing: boolean })
  | (Base & { phase: 'incoming' })
  | (Base & { phase: 'connecting'; role: CallRole })
  /** `since`: when media first flowed; `reconnecting`: an ICE restart is under way. */
  | (Base & { phase: 'active'; role: CallRole; since: number; reconnecting: boolean })
  | (Base & { phase: 'ended'; reason: EndReason; seconds: number });

export type CallPhase = CallState['phase'];

/** Whether a new call may start (or a ring be taken) now. */
export const isFree = (state: CallState): state is Extract<CallState, { phase: 'idle' | 'ended' }> => state.phase === 'idle' || state.phase === 'ended';

/** Why a call ended, from the code of the server's `error` frame that refused one of its frames. */
export function errorReason(code: string): EndReason {
  const known: readonly EndReason[] = ['notFriends', 'callsOff', 'inCall', 'noCall', 'slowDown'];
  return known.find((reason) => reason === code) ?? 'networkDropped';
}

/** The words of an ending; `name` is the other member's display name. */
export function endText(reason: EndReason, name: string): string {
  switch (reason) {
    case 'hungUp':
      return 'Call ended.';
    case 'peerHungUp':
      return `${name} hung up.`;
    case 'gone':
      return `${name} lost the connection. Call ended.`;
    case 'declined':
      return `${name} declined the call.`;
    case 'youDeclined':
      return 'You declined the call.';
    case 'busy':
      return `${name} is busy in another call.`;
    case 'missed':
      return `${name} did not answer.`;
    case 'youMissed':
      return `You missed a call from ${name}.`;
    case 'cancelled':
      return `${name} cancelled the call.`;
    case 'answeredElsewhere':
      return 'Answered on another device.';
    case 'declinedElsewhere':
      return 'Declined on another device.';
    case 'offline':
      return 'You are offline. Calls need a connection.';
    case 'notFriends':
      return 'Only billionetts can call each other.';
    case 'callsOff':
      return `${name} does not take calls.`;
    case 'inCall':
      return 'You are already in a call.';
    case 'noCall':
      return 'That call has ended.';
    case 'slowDown':
      return 'Too many calls in a short time. Try again in a minute.';
    case 'noMedia':
      return 'Could not use your microphone or camera. Check the browser’s permission for this site.';
    case 'noRelay':
      return `Could not connect: no call relay is set up on this server, and you and ${name} are not on one network.`;
    case 'relayUnreachable':
      return `Could not connect: the call relay did not answer, and you and ${name} are not on one network.`;
    case 'networkDropped':
      return 'Could not connect: the network dropped or blocks calls.';
    case 'connectionLost':
      return 'Your connection dropped for too long. Call ended.';
    case 'ringLost':
      return 'Your connection dropped while it rang. Call cancelled.';
  }
}

/** A call's length as a timer: 0:07, 12:45, 1:02:03. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
