/**
 * One call's RTCPeerConnection and its SDP and ICE conversation (decision 0078): the offer
 * (the first, or an ICE restart), the answer, and the candidates, which wait until the remote
 * description is set. It sends through the controller's `send` and reports tracks and
 * connection changes; whose turn it is to offer is the controller's business.
 */
import type { CallClientFrame } from '../../../contract/calls';
import { exposeForTests, relayOnly } from './call-media';

export type PeerEvents = {
  send(frame: CallClientFrame): Promise<boolean>;
  track(stream: MediaStream): void;
  connection(peer: CallPeer): void;
};

export class CallPeer {
  readonly pc: RTCPeerConnection;
  private queued: RTCIceCandidateInit[] = [];
  private readonly opened = Date.now();
  /** Relay candidates gathered: none means the relay could not be reached (why a call did not connect). */
  private relays = 0;

  constructor(
    private readonly callId: string,
    iceServers: RTCIceServer[],
    local: MediaStream | undefined,
    private readonly events: PeerEvents,
  ) {
    const pc = new RTCPeerConnection({ iceServers, iceTransportPolicy: relayOnly() ? 'relay' : 'all' });
    this.pc = pc;
    exposeForTests(pc);
    for (const track of local?.getTracks() ?? []) pc.addTrack(track, local!);
    pc.ontrack = (event) => events.track(event.streams[0] ?? new MediaStream([event.track]));
    pc.onicecandidate = (event) => {
      const c = event.candidate;
      if (c?.type === 'relay') this.relays += 1;
      const candidate = c ? { candidate: c.candidate, sdpMid: c.sdpMid, sdpMLineIndex: c.sdpMLineIndex, usernameFragment: c.usernameFragment } : null;
      void events.send({ type: 'call.candidate', callId, candidate });
    };
    pc.onconnectionstatechange = () => events.connection(this);
  }

  get state(): RTCPeerConnectionState {
    return this.pc.connectionState;
  }

  /** Milliseconds since this connection was opened. */
  age(): number {
    return Date.now() - this.opened;
  }

  /** Whether the relay gave this device an address (false: the relay was configured but did not answer). */
  relayed(): boolean {
    return this.relays > 0;
  }

  async offer(iceRestart: boolean): Promise<void> {
    try {
      const offer = await this.pc.createOffer({ iceRestart });
      await this.pc.setLocalDescription(offer);
      await this.events.send({ type: 'call.offer', callId: this.callId, sdp: offer.sdp ?? '' });
    } catch {
      // The connection closed while offering: the call's end says why.
    }
  }

  /**
   * Answers an offer. Two offers can cross only after a resume (the resumed side offers, and a
   * caller may be restarting ICE meanwhile): the `polite` side (the caller) drops its own
   * offer and answers; the other ignores the incoming one, since its own will be answered.
   */
  async answer(sdp: string, polite: boolean): Promise<void> {
    try {
      if (this.pc.signalingState === 'have-local-offer') {
        if (!polite) return;
        await this.pc.setLocalDescription({ type: 'rollback' });
      }
      await this.pc.setRemoteDescription({ type: 'offer', sdp });
      await this.flushCandidates();
      const answer = await this.pc.createAnswer();
      await this.pc.setLocalDescription(answer);
      await this.events.send({ type: 'call.answer', callId: this.callId, sdp: answer.sdp ?? '' });
    } catch {
      // As above.
    }
  }

  async answered(sdp: string): Promise<void> {
    await this.pc.setRemoteDescription({ type: 'answer', sdp }).catch(() => undefined);
    await this.flushCandidates();
  }

  async candidate(candidate: RTCIceCandidateInit): Promise<void> {
    if (this.pc.remoteDescription) await this.pc.addIceCandidate(candidate).catch(() => undefined);
    else this.queued.push(candidate);
  }

  close(): void {
    this.queued = [];
    this.pc.close();
  }

  private async flushCandidates(): Promise<void> {
    const queued = this.queued;
    this.queued = [];
    for (const candidate of queued) await this.pc.addIceCandidate(candidate).catch(() => undefined);
  }
}
