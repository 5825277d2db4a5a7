/**
 * The call as screens read it: one immutable snapshot and its listeners, for
 * useSyncExternalStore (use-call.ts). Kept apart from the state machine so the controller
 * reads as transitions alone; every change makes a new snapshot, so React sees it.
 */
import type { CallState } from './call-state';

export type CallMedia = { local?: MediaStream; remote?: MediaStream; muted: boolean; cameraOff: boolean };
export type CallSnapshot = { state: CallState; media: CallMedia; pc?: RTCPeerConnection };

export const NO_MEDIA: CallMedia = { muted: false, cameraOff: false };

export class CallSnapshots {
  private snap: CallSnapshot = { state: { phase: 'idle' }, media: NO_MEDIA };
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly snapshot = () => this.snap;

  get state(): CallState {
    return this.snap.state;
  }

  get media(): CallMedia {
    return this.snap.media;
  }

  setState(state: CallState): void {
    this.replace({ ...this.snap, state });
  }

  setMedia(media: Partial<CallMedia>): void {
    this.replace({ ...this.snap, media: { ...this.snap.media, ...media } });
  }

  /** The peer connection screens read the quality from; not a change they draw by itself. */
  setPc(pc: RTCPeerConnection | undefined): void {
    this.snap = { ...this.snap, pc };
  }

  replace(snap: CallSnapshot): void {
    this.snap = snap;
    for (const listener of this.listeners) listener();
  }
}
