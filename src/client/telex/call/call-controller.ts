/**
 * The page's one call (decision 0078): a state machine over the worker's call frames
 * (contract/calls.ts); SDP and ICE in call-peer.ts, the screens' snapshot in call-snapshot.ts,
 * devices in call-media.ts. The caller makes the offers, except the ICE restart after a telex
 * reconnect: the side that resumed makes it (its peer cannot know it is back). It lives for
 * the app (screens read useCallSnapshot), so a call survives moving between screens.
 */
import { CALL_RESUME_MS } from '../../../contract/call-times';
import type { CallClientFrame, CallKind } from '../../../contract/calls';
import type { CallSignal } from '../../sync/api';
import { sync, watchCallSignals } from '../../sync/client';
import { openMedia, stopMedia, switchCamera, toggleTracks } from './call-media';
import { CallPeer } from './call-peer';
import { CallSnapshots, NO_MEDIA } from './call-snapshot';
import { Deadline } from './deadline';
import { errorReason, isFree, type EndReason } from './call-state';
import { startRingtone, type Ringtone } from './ringtone';

export type { CallMedia, CallSnapshot } from './call-snapshot';

/**
 * How long a dropped call tries ICE restarts before it ends: the other device may be away
 * for the server's whole resume time, and then needs a few seconds for its ICE restart.
 */
export const RECONNECT_MS = CALL_RESUME_MS + 10_000;
/** How long an answered call may take to connect at all. */
export const CONNECT_MS = 30_000;
/** A hangup this close to CONNECT_MS is the other side's own deadline (both arm it within a round trip). */
const CONNECT_SLACK_MS = 5_000;
/** How long a new call waits for the telex socket before it says the member is offline. */
const SOCKET_WAIT_MS = 5_000;

export class CallController {
  private readonly snaps = new CallSnapshots();
  private peer?: CallPeer;
  private iceServers: RTCIceServer[] = [];
  private ringtone?: Ringtone;
  private readonly deadline = new Deadline();
  private unwatch?: () => void;
  /** The telex socket closed during an answered call: it is resumed on the next login. */
  private resuming = false;

  readonly subscribe = this.snaps.subscribe;
  readonly snapshot = this.snaps.snapshot;

  /** Starts hearing call frames (the signed-in shell mounted); answers the stop. */
  attach(): () => void {
    let stopped = false;
    void watchCallSignals((signal) => void this.onSignal(signal)).then((stop) => {
      if (stopped) stop();
      else this.unwatch = stop;
    });
    return () => {
      stopped = true;
      this.unwatch?.();
      this.unwatch = undefined;
      if (!isFree(this.snaps.state)) this.hangup();
    };
  }

  async start(peer: string, kind: CallKind): Promise<void> {
    if (!isFree(this.snaps.state)) return;
    const callId = crypto.randomUUID();
    this.snaps.setState({ phase: 'outgoing', callId, peer, kind, ringing: false });
    if (!navigator.onLine) return this.end('offline');
    if (!(await this.prepare(kind))) return this.end('noMedia');
    if (!this.is(callId)) return;
    // The socket may still be logging in (the page just opened): give it a few seconds.
    for (const until = Date.now() + SOCKET_WAIT_MS; ; ) {
      if (await this.send({ type: 'call.ring', callId, to: peer, kind })) return;
      if (!this.is(callId)) return;
      if (Date.now() > until || !navigator.onLine) return this.end('offline');
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async accept(): Promise<void> {
    const state = this.snaps.state;
    if (state.phase !== 'incoming') return;
    this.stopRinging();
    this.snaps.setState({ ...state, phase: 'connecting', role: 'callee' });
    if (!(await this.prepare(state.kind))) {
      await this.send({ type: 'call.decline', callId: state.callId });
      return this.end('noMedia');
    }
    if (!this.is(state.callId)) return;
    this.openPeer(state.callId);
    if (!(await this.send({ type: 'call.accept', callId: state.callId }))) this.end('offline');
  }

  decline(): void {
    const state = this.snaps.state;
    if (state.phase !== 'incoming') return;
    void this.send({ type: 'call.decline', callId: state.callId });
    this.end('youDeclined');
  }

  hangup(): void {
    const state = this.snaps.state;
    if (state.phase === 'incoming') return this.decline();
    if (isFree(state)) return;
    void this.send({ type: 'call.hangup', callId: state.callId });
    this.end('hungUp');
  }

  /** Back to idle once the member has read how the call ended. */
  dismiss(): void {
    if (this.snaps.state.phase === 'ended') this.snaps.setState({ phase: 'idle' });
  }

  toggleMute(): void {
    toggleTracks(this.snaps, 'muted');
  }

  toggleCamera(): void {
    toggleTracks(this.snaps, 'cameraOff');
  }

  async switchCamera(): Promise<void> {
    const local = this.snaps.media.local;
    if (!local) return;
    await switchCamera(local, this.peer?.pc).catch(() => undefined);
    // A new track in the same stream: the preview re-reads it.
    this.snaps.setMedia({ local: new MediaStream(local.getTracks()) });
  }

  private async onSignal(signal: CallSignal): Promise<void> {
    const state = this.snaps.state;
    if (signal.type === 'socket.closed') return this.socketClosed();
    if (signal.type === 'socket.ready') return this.socketReady();
    if (signal.type === 'call.ring') {
      if (isFree(state)) {
        this.snaps.setState({ phase: 'incoming', callId: signal.callId, peer: signal.from, kind: signal.kind });
        this.ringtone = startRingtone();
      } else if (state.callId !== signal.callId) {
        void this.send({ type: 'call.busy', callId: signal.callId });
      }
      return;
    }
    const callId = signal.type === 'error' ? signal.id : signal.callId;
    if (!callId || isFree(state) || state.callId !== callId) return;
    switch (signal.type) {
      case 'error':
        // A refused resume: the server ended the call (its line is written) while we were away.
        if (this.resuming) return this.end('connectionLost');
        return this.end(errorReason(signal.code));
      case 'call.ringing':
        if (state.phase === 'outgoing') this.snaps.setState({ ...state, ringing: true });
        return;
      case 'call.accept':
        if (state.phase !== 'outgoing') return;
        this.snaps.setState({ callId, peer: state.peer, kind: state.kind, phase: 'connecting', role: 'caller' });
        this.openPeer(callId);
        return this.peer?.offer(false);
      case 'call.decline':
        return this.end('declined');
      case 'call.busy':
        return this.end('busy');
      case 'call.hangup':
        if (signal.reason === 'gone') return this.end('gone');
        if (signal.reason === 'failed') return this.end(this.whyNotConnected());
        // Near the connect deadline the other side gave up for the reason we are about to: say that, not 'hung up'.
        return this.end(state.phase === 'connecting' && this.peer && this.peer.age() > CONNECT_MS - CONNECT_SLACK_MS ? this.whyNotConnected() : 'peerHungUp');
      case 'call.missed':
        return this.end(state.phase === 'incoming' ? 'youMissed' : 'missed');
      case 'call.ringing-stopped':
        return this.end(signal.reason);
      case 'call.offer':
        return this.peer?.answer(signal.sdp, state.phase !== 'incoming' && state.phase !== 'outgoing' && state.role === 'caller');
      case 'call.resumed':
        return this.resumed();
      case 'call.answer':
        return this.peer?.answered(signal.sdp);
      case 'call.candidate':
        if (signal.candidate) await this.peer?.candidate(signal.candidate);
        return;
      default:
    }
  }

  private async prepare(kind: CallKind): Promise<boolean> {
    const [media, relay] = await Promise.all([openMedia(kind).catch(() => undefined), sync.callRelay().catch(() => undefined)]);
    this.iceServers = relay?.ok ? relay.data.iceServers : [];
    if (!media) return false;
    if (isFree(this.snaps.state)) {
      stopMedia(media);
      return false;
    }
    this.snaps.setMedia({ local: media, muted: false, cameraOff: false });
    return true;
  }

  private openPeer(callId: string): void {
    this.peer = new CallPeer(callId, this.iceServers, this.snaps.media.local, {
      send: (frame) => this.send(frame),
      track: (remote) => this.snaps.setMedia({ remote }),
      connection: (peer) => this.onConnection(peer),
    });
    this.snaps.setPc(this.peer.pc);
    this.arm(CONNECT_MS);
  }

  private onConnection(peer: CallPeer): void {
    const state = this.snaps.state;
    if (peer !== this.peer || (state.phase !== 'connecting' && state.phase !== 'active')) return;
    if (peer.state === 'connected') {
      // Media without the socket is not a call yet: the resume's wait goes on.
      if (!this.resuming) this.deadline.clear();
      const since = state.phase === 'active' ? state.since : Date.now();
      this.snaps.setState({ callId: state.callId, peer: state.peer, kind: state.kind, role: state.role, phase: 'active', since, reconnecting: this.resuming });
    } else if (peer.state === 'disconnected' || peer.state === 'failed') {
      if (state.phase === 'connecting') {
        if (peer.state === 'failed') this.couldNotConnect();
        return;
      }
      if (!state.reconnecting) {
        this.snaps.setState({ ...state, reconnecting: true });
        this.arm(RECONNECT_MS);
      }
      if (state.role === 'caller') void peer.offer(true);
    }
  }

  // ---- a telex reconnect during an answered call (contract/calls.ts, step 4) ----
  /** The server keeps our side CALL_RESUME_MS; so does the page, saying it is reconnecting. */
  private socketClosed(): void {
    const state = this.snaps.state;
    // The server cancels a ring whose caller's socket closed (realtime/calls.ts `dropped`): so does the page.
    if (state.phase === 'outgoing') return this.end('ringLost');
    if (state.phase !== 'connecting' && state.phase !== 'active') return;
    this.resuming = true;
    if (state.phase === 'active') this.snaps.setState({ ...state, reconnecting: true });
    this.arm(CALL_RESUME_MS, () => this.giveUp('connectionLost'));
  }

  private socketReady(): void {
    const state = this.snaps.state;
    if (this.resuming && !isFree(state)) void this.send({ type: 'call.resume', callId: state.callId });
  }

  /** This socket is our side again: restart ICE, since the media path may have gone with the network. */
  private resumed(): void {
    const state = this.snaps.state;
    if (!this.resuming || !this.peer || (state.phase !== 'connecting' && state.phase !== 'active')) return;
    this.resuming = false;
    if (this.peer.state === 'connected') {
      this.deadline.clear();
      if (state.phase === 'active') this.snaps.setState({ ...state, reconnecting: false });
    } else {
      this.arm(RECONNECT_MS);
    }
    void this.peer.offer(true);
  }

  private couldNotConnect(): void {
    this.giveUp(this.whyNotConnected());
  }

  /** No relay on the server; a relay this device could not reach; or a path that never worked. */
  private whyNotConnected(): EndReason {
    if (this.iceServers.length === 0) return 'noRelay';
    return this.peer?.relayed() === false ? 'relayUnreachable' : 'networkDropped';
  }

  /** Ends the call from this side, telling the server when it can still hear us. */
  private giveUp(reason: EndReason): void {
    const state = this.snaps.state;
    // Media that never flowed: the line says 'could not connect'. A call that flowed keeps its length.
    const failed = state.phase === 'connecting' && (reason === 'noRelay' || reason === 'relayUnreachable' || reason === 'networkDropped');
    if (!isFree(state)) void this.send({ type: 'call.hangup', callId: state.callId, ...(failed ? { failed: true as const } : {}) });
    this.end(reason);
  }

  private arm(ms: number, expire = () => this.couldNotConnect()): void {
    this.deadline.set(ms, expire);
  }

  private stopRinging(): void {
    this.ringtone?.stop();
    this.ringtone = undefined;
  }

  private end(reason: EndReason): void {
    const state = this.snaps.state;
    if (isFree(state)) return;
    this.stopRinging();
    this.deadline.clear();
    this.resuming = false;
    this.peer?.close();
    this.peer = undefined;
    stopMedia(this.snaps.media.local);
    const seconds = state.phase === 'active' ? Math.round((Date.now() - state.since) / 1000) : 0;
    this.snaps.replace({ state: { callId: state.callId, peer: state.peer, kind: state.kind, phase: 'ended', reason, seconds }, media: NO_MEDIA });
  }

  private is(callId: string): boolean {
    const state = this.snaps.state;
    return !isFree(state) && state.callId === callId;
  }

  private send(frame: CallClientFrame): Promise<boolean> {
    return sync.sendCall(frame).catch(() => false);
  }

}

/** The app's one controller. */
export const calls = new CallController();
