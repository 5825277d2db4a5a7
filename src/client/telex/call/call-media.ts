/**
 * The devices of a call: the local stream (microphone, and camera for video), camera
 * switching, and the test hook of decision 0078. Page-only APIs (getUserMedia has no worker
 * twin), kept apart from the state machine so it reads as signalling alone.
 */
import type { CallKind } from '../../../contract/calls';
import type { CallSnapshots } from './call-snapshot';

/** localStorage flag (decision 0078): relay-only ICE, and the peer connection on window for tests. */
export const RELAY_ONLY_KEY = 'billionett:call-relay-only';

export function relayOnly(): boolean {
  try {
    return localStorage.getItem(RELAY_ONLY_KEY) === '1';
  } catch {
    return false;
  }
}

/** Hands the peer connection to an e2e test, only while the test flag is set (harmless: it is this page's own). */
export function exposeForTests(pc: RTCPeerConnection | undefined): void {
  if (!relayOnly()) return;
  (window as { __billionettCall?: { pc?: RTCPeerConnection } }).__billionettCall = { pc };
}

export async function openMedia(kind: CallKind): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true },
    video: kind === 'video' ? { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } } : false,
  });
}

export async function videoInputs(): Promise<MediaDeviceInfo[]> {
  try {
    return (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
  } catch {
    return [];
  }
}

export async function audioOutputs(): Promise<MediaDeviceInfo[]> {
  try {
    return (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'audiooutput');
  } catch {
    return [];
  }
}

/** Whether this browser lets a page pick the speaker (HTMLMediaElement.setSinkId). */
export const canPickSpeaker = (): boolean => typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

/** The next camera after the one `stream` uses, swapped into the stream and the sender. */
export async function switchCamera(stream: MediaStream, pc: RTCPeerConnection | undefined): Promise<void> {
  const current = stream.getVideoTracks()[0];
  const cameras = await videoInputs();
  if (!current || cameras.length < 2) return;
  const at = cameras.findIndex((c) => c.deviceId === current.getSettings().deviceId);
  const next = cameras[(at + 1) % cameras.length]!;
  const fresh = await navigator.mediaDevices.getUserMedia({ video: { deviceId: { exact: next.deviceId } } });
  const track = fresh.getVideoTracks()[0]!;
  track.enabled = current.enabled;
  const sender = pc?.getSenders().find((s) => s.track?.kind === 'video');
  await sender?.replaceTrack(track);
  stream.removeTrack(current);
  current.stop();
  stream.addTrack(track);
}

export function stopMedia(stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Mute, or camera off: the track stays and sends silence or black, so turning it back on needs no new offer. */
export function toggleTracks(snaps: CallSnapshots, what: 'muted' | 'cameraOff'): void {
  const off = !snaps.media[what];
  const local = snaps.media.local;
  for (const track of (what === 'muted' ? local?.getAudioTracks() : local?.getVideoTracks()) ?? []) track.enabled = !off;
  snaps.setMedia({ [what]: off });
}
